import { AREA_ENTRIES, packageConfig } from "../../tsup.config.base.js";

// With `./known-values` (core's of the lists its spec shares, docs/decisions/0021-known-values.md).
export default packageConfig({
  entry: { ...AREA_ENTRIES, "known-values": "src/generated/known-values.ts" },
});
