// Every path by which an issue that code of the caller's own makes (a check given to `validate`,
// to `paginate`, or in a descriptor's `params`; a stand-in's write in the webhook edit helpers)
// reaches an error's message and its `issues`, walked with the five shapes an untyped check may
// push: a whole issue, one without `detail`, one without `message`, a string, and no object.
import {
  paginate,
  validate,
  ValidationError,
  type Check,
  type ValidationIssue,
} from "@chaindata/core";
import { createDasRpc } from "@chaindata/das";
import { createWalletRest } from "@chaindata/wallet";
import { addWebhookAddresses, editWebhook, type Webhook } from "@chaindata/webhooks";
import { describe, expect, it } from "vitest";

const ID = "642574b0-72aa-41dd-b293-356451e22168";
const ADDRESS = "86xCnPeV69n6t3DnyGvkKobf9FdN2H9oiVDdaMpo2MMY";
const OTHER = "So11111111111111111111111111111111111111112";

/** A fetch no test here reaches: every refusal comes before anything is sent. */
const unsent = async (): Promise<Response> => {
  throw new Error("sent");
};

/** The outcome of a path that takes the issue as the check wrote it. */
const asWritten = (_issue: ValidationIssue, written: unknown): [string, unknown] =>
  written === null
    ? ["Cannot read properties of null (reading 'message')", undefined]
    : [(written as Partial<ValidationIssue>).message ?? "", [written]];

/** What a check pushes, for the field at `path`: each shape an untyped check may give. */
const pushed: Record<string, (path: string) => unknown> = {
  whole: (path) => ({
    path,
    rule: "pattern",
    message: `${path}: must be even`,
    detail: "must be even",
  }),
  "without detail": (path) => ({ path, rule: "pattern", message: `${path}: must be even` }),
  "without message": (path) => ({ path, rule: "pattern", detail: "must be even" }),
  "a string": () => "must be even",
  "a number": () => 42,
  null: () => null,
};

/** The whole issue each shape is made: at the field, or, pushed without one, at the check's path. */
const whole = (shape: string, field: string): ValidationIssue => {
  const [path, rule, detail] =
    shape == "a string"
      ? ["params", "check", "must be even"]
      : shape == "a number" || shape == "null"
        ? [
            "params",
            "check",
            `breaks the check: its issue must be an object (got ${shape == "null" ? "null" : "number"})`,
          ]
        : [field, "pattern", "must be even"];
  return { path, rule, message: `${path}: ${detail}`, detail } as ValidationIssue;
};

/** A check that pushes `shape` for the field `name` when the value has it, else passes. */
const pushing =
  (shape: string, name: string): Check =>
  (value, path, issues) => {
    if ((value as Record<string, unknown> | null)?.[name] !== undefined)
      issues.push(pushed[shape]!(`${path}.${name}`) as ValidationIssue);
  };

/** The error `run` rejects with. */
const refusal = async (run: () => unknown): Promise<Error> => {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("not refused");
};

const stored: Webhook = {
  webhookID: ID,
  wallet: ADDRESS,
  project: "0dd62b66-18fa-42bb-92b9-65bc0ee5e155",
  webhookURL: "http://hooks.example.com/old",
  transactionTypes: ["ANY"],
  accountAddresses: [ADDRESS],
  webhookType: "enhanced",
};

/** A stand-in client (a test's) whose write refuses with the issues `check` pushes on its params. */
const standIn = (check: Check) => ({
  getWebhook: async () => stored,
  updateWebhook: async (params: object): Promise<Webhook> => {
    const issues: ValidationIssue[] = [];
    check(params, "params", issues);
    throw new ValidationError("refused by the stand-in", { issues });
  },
});

/** A whole issue at a field (not one made of a pushed string or no object, at the check's path). */
const atField = (issue: ValidationIssue) => issue.path != "params";

/**
 * Each path: the field its check refuses, how it runs, and the message and issues it ends with,
 * given the whole issue and the one pushed, as written.
 */
const paths: Record<
  string,
  {
    field: string;
    run: (check: Check) => unknown;
    outcome: (issue: ValidationIssue, written: unknown) => [message: string, issues: unknown];
  }
> = {
  validate: {
    field: "params.amount",
    run: (check) => validate(check, { amount: 3 }),
    outcome: (issue) => [issue.message, [issue]],
  },
  // A next cursor the walk's check refuses is the answer's fault; an issue at no field is not the
  // cursor's, so the walk asks for the next page, whose call (here, `validate` on its params)
  // refuses it.
  paginate: {
    field: "params.cursor",
    run: async (check) => {
      const walk = paginate(
        async (page) => {
          validate(check, page);
          return { items: [1], next: "c2" };
        },
        { style: "cursor", items: "items", nextCursor: "next" },
        {},
        { check, operation: "listThings" },
      );
      for await (const _ of walk);
    },
    outcome: (issue) =>
      atField(issue)
        ? [
            `listThings page walk: the answer to page 1 gives next "c2", which the call refuses: ${issue.message} (stopped after 1 page)`,
            undefined,
          ]
        : [
            `${issue.message} (listThings page walk: stopped at page 2, cursor "c2", after 1 page)`,
            [issue],
          ],
  },
  // A stand-in's write that throws its own ValidationError: the issue about a stored setting said
  // as the webhook's, with its detail; one about no setting passed on as the stand-in wrote it.
  editWebhook: {
    field: "params.webhookURL",
    run: (check) => editWebhook(standIn(check), { webhookID: ID, txnStatus: "all" }),
    outcome: (issue, written) => {
      if (!atField(issue)) return ["refused by the stand-in", [written]];
      const detail = `${issue.detail} (the webhook's stored webhookURL; give webhookURL to replace it)`;
      return [
        `${issue.path}: ${detail}`,
        [{ ...issue, message: `${issue.path}: ${detail}`, detail }],
      ];
    },
  },
  addWebhookAddresses: {
    field: "params.accountAddresses",
    run: (check) => addWebhookAddresses(standIn(check), { webhookID: ID, addresses: [OTHER] }),
    outcome: (issue, written) => {
      if (!atField(issue)) return ["refused by the stand-in", [written]];
      const detail = `too many for the webhook: its accountAddresses ${issue.detail}`;
      const message = `params.addresses: ${detail}`;
      return [message, [{ path: "params.addresses", rule: issue.rule, message, detail }]];
    },
  },
  // A descriptor's own check, run by the call, is taken as written (Check's doc): making its
  // issues whole there costs every program 57 B gzipped or more. Its error then reads `""` for
  // an issue without a message, and a null one is a TypeError.
  "rpc.call with a descriptor of one's own": {
    field: "params.amount",
    run: (check) =>
      createDasRpc({ apiKey: "k", fetch: unsent }).call(
        { id: "mine", idempotent: true, params: check },
        { amount: 3 },
      ),
    outcome: asWritten,
  },
  "a REST handle's call with a descriptor of one's own": {
    field: "params.amount",
    run: (check) =>
      createWalletRest({ apiKey: "k", fetch: unsent }).call(
        { id: "mine", idempotent: true, params: check },
        { amount: 3 },
        undefined,
        async () => {},
      ),
    outcome: asWritten,
  },
};

describe("an issue pushed by a check of the caller's own reaches the caller", () => {
  it.each(Object.keys(paths).flatMap((path) => Object.keys(pushed).map((shape) => [path, shape])))(
    "%s, pushed %s",
    async (name, shape) => {
      const { field, run, outcome } = paths[name]!;
      const error = await refusal(() => run(pushing(shape, field.slice("params.".length))));
      const [message, issues] = outcome(whole(shape, field), pushed[shape]!(field));
      expect(error.message).toBe(message);
      expect((error as ValidationError).issues).toEqual(issues);
      expect(error.name).toBe(
        issues ? "ValidationError" : name == "paginate" ? "InvalidResponseError" : "TypeError",
      );
    },
  );
});
