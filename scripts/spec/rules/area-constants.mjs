// The area constants (spec/README.md "Area documents"): the facts of an area's `info` and its
// servers' `x-regions` that the generator turns into exported constants, the sender's tip accounts
// (base58 addresses of 32 bytes), its minimum tips (positive u64 lamports, with the date they were
// checked) and a host's regional URLs. Unknown keys are refused: a misspelt key would silently drop
// a constant.
import { exactValue, toBig, U64_MAX } from "./integers.mjs";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/**
 * The bytes a base58 string decodes to (leading `1`s are zero bytes), or undefined if it is not
 * base58.
 */
export function base58Bytes(text) {
  let n = 0n;
  for (const c of text) {
    const digit = BASE58.indexOf(c);
    if (digit < 0) return undefined;
    n = n * 58n + BigInt(digit);
  }
  const bytes = [];
  for (; n > 0n; n >>= 8n) bytes.unshift(Number(n & 255n));
  for (const c of text) {
    if (c !== "1") break;
    bytes.unshift(0);
  }
  return bytes;
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/;
const REGION = /^[a-z]{2,8}$/;

/**
 * The facts the generator turns into an area's constants (spec/README.md, "Area documents"):
 * `info.x-tip-accounts` ({ description, accounts: base58 32-byte addresses, no repeats, x-source
 * }), `info.x-minimum-tip-lamports` ({ description, default, swqosOnly: positive u64 integers,
 * asOf: YYYY-MM[-DD], x-source }) and the server's `x-regions` (region code → http(s) origin, from
 * spec/hosts.yaml). Unknown keys are refused: a misspelt key would silently drop a constant.
 */
export function checkAreaConstants({ area, doc }) {
  const findings = [];
  const info = doc.info ?? {};
  const keys = (value, at, allowed, required) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      findings.push(`${area} ${at}: must be an object (${allowed.join(", ")})`);
      return false;
    }
    for (const k of Object.keys(value))
      if (!allowed.includes(k))
        findings.push(`${area} ${at}: ${k} is not a known key (${allowed.join(", ")})`);
    for (const k of required)
      if (value[k] === undefined) findings.push(`${area} ${at}: ${k} is required`);
    for (const k of ["description", "x-source"])
      if (value[k] !== undefined && (typeof value[k] !== "string" || !value[k].trim()))
        findings.push(`${area} ${at}/${k}: must be a non-empty string`);
    return true;
  };
  const tips = info["x-tip-accounts"];
  if (tips !== undefined) {
    const at = "#/info/x-tip-accounts";
    const fields = ["description", "accounts", "x-source"];
    if (keys(tips, at, fields, fields) && tips.accounts !== undefined) {
      if (!Array.isArray(tips.accounts) || tips.accounts.length === 0)
        findings.push(`${area} ${at}/accounts: must be a non-empty array of addresses`);
      else
        tips.accounts.forEach((a, i) => {
          const bytes = typeof a === "string" ? base58Bytes(a) : undefined;
          if (bytes?.length !== 32)
            findings.push(
              `${area} ${at}/accounts/${i}: ${JSON.stringify(a)} is not a base58 address (32 bytes)`,
            );
          else if (tips.accounts.indexOf(a) !== i)
            findings.push(`${area} ${at}/accounts/${i}: ${a} is listed twice`);
        });
    }
  }
  const tip = info["x-minimum-tip-lamports"];
  if (tip !== undefined) {
    const at = "#/info/x-minimum-tip-lamports";
    const fields = ["description", "default", "swqosOnly", "asOf", "x-source"];
    if (keys(tip, at, fields, fields)) {
      for (const route of ["default", "swqosOnly"]) {
        if (tip[route] === undefined) continue;
        const n = toBig(exactValue(tip, route));
        if (n === undefined || n <= 0n || n > U64_MAX)
          findings.push(
            `${area} ${at}/${route}: must be a positive whole number of lamports (u64), got ${JSON.stringify(String(tip[route]))}`,
          );
      }
      if (tip.asOf !== undefined && !(typeof tip.asOf === "string" && DATE.test(tip.asOf)))
        findings.push(
          `${area} ${at}/asOf: must be the date the values were checked, "YYYY-MM" or "YYYY-MM-DD"`,
        );
    }
  }
  (doc.servers ?? []).forEach((server, s) => {
    const regions = server["x-regions"];
    if (regions === undefined) return;
    const at = `#/servers/${s}/x-regions`;
    if (regions === null || typeof regions !== "object" || Array.isArray(regions)) {
      findings.push(`${area} ${at}: must map region codes to URLs`);
      return;
    }
    const seen = new Set();
    for (const [code, url] of Object.entries(regions)) {
      // (`global` is the name the generated constant gives the host's own mainnet URL.)
      if (!REGION.test(code) || code === "global")
        findings.push(
          `${area} ${at}/${code}: a region code is 2 to 8 lower-case letters, and not "global"`,
        );
      let ok = typeof url === "string" && /^https?:\/\/[^/?#@]+$/.test(url);
      try {
        ok &&= new URL(url).origin === url;
      } catch {
        ok = false;
      }
      if (!ok)
        findings.push(
          `${area} ${at}/${code}: must be an http(s) origin without a path, query or trailing slash, got ${JSON.stringify(url)}`,
        );
      else if (seen.has(url)) findings.push(`${area} ${at}/${code}: ${url} is listed twice`);
      seen.add(url);
    }
  });
  return findings;
}
