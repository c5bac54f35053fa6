// The CHANGELOG entries `npx changeset version` writes (.changeset/config.json's "changelog"). A
// package's own changes read as with the default generator (`- <commit>: <summary>`). Its internal
// dependencies bumped with it are one entry: "Updated dependencies", the commits of their
// changesets once each, then the new versions. The default writes one "Updated dependencies
// [<commit>]" line per changeset of every dependency, so the sdk, which depends on nine packages,
// got ten such lines for its first release, nine of them the same. No setting of changesets changes
// that line: `updateInternalDependencies` decides which dependents are bumped, not how the entry
// reads.
const defaults = require("@changesets/cli/changelog").default;

/** @type {import("@changesets/types").ChangelogFunctions["getDependencyReleaseLine"]} */
async function getDependencyReleaseLine(changesets, dependenciesUpdated) {
  if (dependenciesUpdated.length === 0) return "";
  const commits = [...new Set(changesets.map(({ commit }) => commit?.slice(0, 7)).filter(Boolean))];
  return [
    `- Updated dependencies${commits.length ? ` [${commits.join(", ")}]` : ""}`,
    ...dependenciesUpdated.map(({ name, newVersion }) => `  - ${name}@${newVersion}`),
  ].join("\n");
}

module.exports = {
  getReleaseLine: defaults.getReleaseLine,
  getDependencyReleaseLine,
};
