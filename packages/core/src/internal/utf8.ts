/**
 * A body's bytes as text: strict (throws on bytes that are not UTF-8) or lenient (U+FFFD for them).
 * Made per call, not at import: an environment without TextDecoder (Jest's jsdom) can still load
 * the package. Where there is none (React Native before 0.85: Hermes has none), each run of
 * non-ASCII bytes goes through `decodeURIComponent`, which is strict UTF-8 too (lenient: a bad
 * run is U+FFFD for each of its bytes). (For http.ts, rest.ts and get-text.ts.)
 */
export const decodeUtf8 = (bytes: Uint8Array, fatal?: boolean): string => {
  if (globalThis.TextDecoder) return new TextDecoder("utf-8", { fatal }).decode(bytes);
  let text = "";
  // (In slices: an argument list has a limit.)
  for (let i = 0; i < bytes.length; i += 4096)
    text += String.fromCharCode(...bytes.subarray(i, i + 4096));
  // (No UTF-8 sequence has an ASCII byte: a run holds whole ones.)
  return text.replace(/[\x80-\xff]+/g, (run) => {
    try {
      return decodeURIComponent(run.replace(/./g, (char) => "%" + char.charCodeAt(0).toString(16)));
    } catch (error) {
      if (fatal) throw error;
      return "\ufffd".repeat(run.length);
    }
  });
};
