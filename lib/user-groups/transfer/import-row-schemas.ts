import { z } from 'zod/mini';
import { environmentSchema } from '../../environment';
import { MAX_IMPORT_DATE_LENGTH, MAX_IMPORT_EXTRA_LENGTH, MAX_IMPORT_TOKEN_LENGTH } from './import-schema';
import { verbatimText, type MessageRef } from '../../message-ref';
import { rotationMarkSchema } from '../../storage/registry/registry-schema';
import { FIELD_RULES } from './row-problems';
import { noControlCharacters } from '../../text/control-characters';
import { built, extendedObject, recordOf, stringMatching } from '../../schema-parts';

// What a group in a backup file must be. Each rule's message names its text (row-problems.ts), so the
// page says what is wrong in its own language. Built when a file is first read (z.lazy), not when the
// options page loads.

const filled = (max: number) =>
  z.string().check(
    z.refine((value) => value.trim() !== '', FIELD_RULES.empty),
    z.maxLength(max),
  );
/** A name or ID: one line of printable text. */
const label = (max: number) => filled(max).check(noControlCharacters());
const isDate = (value: string) => !Number.isNaN(Date.parse(value));
/** A date, as the export writes them; bounded first (the browser's date parser skips a comment of any length). */
const dateText = () => z.string().check(z.maxLength(MAX_IMPORT_DATE_LENGTH), z.refine(isDate, FIELD_RULES.notDate));
const environmentField = () => z.enum(environmentSchema.options, FIELD_RULES.notEnvironment);
const extraFields = () =>
  recordOf(z.unknown()).check(
    z.refine((extra) => JSON.stringify(extra).length <= MAX_IMPORT_EXTRA_LENGTH, {
      message: FIELD_RULES.extraTooLong,
      params: { maximum: MAX_IMPORT_EXTRA_LENGTH },
    }),
  );

const argWords = () => z.string().check(z.maxLength(500));

/**
 * A named text in a file, nested at most `depth` times: the background writes some inside others (a
 * refusal: "The service refused: <the service's words>"). Bounded, since a file is not trusted.
 */
function namedTextIn(depth: number): z.ZodMiniType<MessageRef> {
  const arg = depth > 0 ? z.union([argWords(), z.number(), namedTextIn(depth - 1)]) : z.union([argWords(), z.number()]);
  return z.object({
    key: stringMatching(/^[A-Za-z0-9_]{1,100}$/),
    args: z.optional(z.array(arg).check(z.maxLength(9))),
    count: z.optional(z.number()),
  });
}

/** A rotation mark's text in a file: an older export's English words, or a named text of this version. */
const rotationText = () => z.union([z.pipe(argWords(), z.transform(verbatimText)), namedTextIn(3)]);

export const jsonGroupSchema = z.lazy(() =>
  z.object({
    team_id: z.int(FIELD_RULES.notWholeNumber),
    token: filled(MAX_IMPORT_TOKEN_LENGTH),
    name: label(200),
    provided_id: label(256),
    environment: environmentField(),
    createdAt: dateText(),
    lastRotatedAt: z.nullable(dateText()),
    /** Absent in files written before token ages existed: the token's age is then unknown. */
    issuedAt: z.optional(dateText()),
    rotation: z.optional(
      extendedObject(built(rotationMarkSchema), { since: dateText(), message: z.optional(rotationText()) }),
    ),
    extra: z.optional(extraFields()),
  }),
);

export const csvRowSchema = z.lazy(() =>
  z.object({
    name: label(200),
    user_group_id: label(256),
    environment: environmentField(),
    token: filled(MAX_IMPORT_TOKEN_LENGTH),
    team_id: stringMatching(/^-?\d{1,15}$/, FIELD_RULES.notWholeNumber),
    created_at: z.union([z.literal(''), dateText()]),
    last_rotated_at: z.union([z.literal(''), dateText()]),
    /** Optional column (files before it lack it); empty: unknown. */
    issued_at: z.optional(z.union([z.literal(''), dateText()])),
  }),
);
