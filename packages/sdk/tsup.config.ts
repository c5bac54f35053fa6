import { AREA_ENTRIES, packageConfig } from "../../tsup.config.base.js";

export default packageConfig({ entry: AREA_ENTRIES });
