// unknownNameHint, the end of an unknown option's or area's message, on lists of its own: where two
// listed names are as near, the first in the list is offered (the list's order, as the message
// shows it), not the last.
import { describe, expect, it } from "vitest";
import { unknownNameHint } from "./config.js";

describe("unknownNameHint", () => {
  it("offers the first listed name that is near, whichever comes later", () => {
    expect(unknownNameHint("timout", ["timeout", "timeouts"])).toBe("; did you mean timeout?");
    expect(unknownNameHint("timout", ["timeouts", "timeout"])).toBe("; did you mean timeouts?");
  });
});
