export { default } from "../../tsup.config.base.js";
