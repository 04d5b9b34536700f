import fc from 'fast-check';
import type { ContractOperation } from '../../../server/http/contract';
import { parametersOf, rawOperation } from './requests';
import { resolveRef } from './samples';

type Schema = Record<string, any>;
type Contract = Record<string, any>;

/** Values the fuzzer prefers over random ones: ids of the fixtures, so calls get past "not found". */
export interface KnownValues {
  /** Our integer ids that exist (groups, members, users, jobs); `id` in a group admin's path starts with the first. */
  ids: number[];
  /** Social-network ids that exist. */
  networkIds: string[];
}

/** A generated request, with the body as the exact text sent. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** JSON text to send exactly as it is: numbers JSON.stringify would turn into null or 0, nesting too deep for it. */
const RAW_MARK = 'fuzz-raw-json:';

class RawJson {
  constructor(readonly text: string) {}
}

function rawNumber(value: number): RawJson | undefined {
  if (value === Number.POSITIVE_INFINITY) return new RawJson('1e999');
  if (value === Number.NEGATIVE_INFINITY) return new RawJson('-1e999');
  if (Object.is(value, -0)) return new RawJson('-0');
  return undefined;
}

const HOSTILE_TEXT = [
  `%'"<>\`\\`,
  "'; DROP TABLE users; --",
  '" OR "1"="1',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '\u0000',
  'a\u0000b',
  '%00',
  '%E0%A4%A',
  '%',
  '../../etc/passwd',
  '\\u0000',
  '\r\n\t',
  ' ',
  '',
  '𝕏👍🏽',
  '\uD800',
  'Infinity',
  '-Infinity',
  '1e999',
  '-0',
  'NaN',
  'null',
  'true',
  '9007199254740993',
  '0x10',
  '1.5',
  '-1',
  '__proto__',
  'constructor',
  'x'.repeat(5000),
];

const HOSTILE_NUMBERS: number[] = [
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -0,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 63,
  1e308,
  0,
  -1,
  0.5,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER,
];

const hostileText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.constantFrom(...`%'"<>\`\\\u0000`.split(''), 'a', '1', ' ', '/', '&', '=', '|', '?', '#'), { maxLength: 20 })
      .map((chars) => chars.join('')),
  },
);

const hostileNumber = fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), fc.double(), fc.integer());

/** Arrays and objects nested up to past the server's depth limit, now and then far past it. */
const deepValue = fc
  .tuple(fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: 40 }) }, { weight: 1, arbitrary: fc.constant(5000) }), fc.boolean())
  .map(([depth, asArray]) => new RawJson(asArray ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));

/** Anything at all: any JSON type, hostile text and numbers, deep nesting. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}),
  deepValue,
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(hostileText, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function stringFor(schema: Schema, known: KnownValues): fc.Arbitrary<string> {
  if (schema.format === 'date') return fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') }).map((date) => date.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2100-01-01') }).map((date) => date.toISOString());
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.format === 'uuid') return fc.uuid();
  const bounds = { minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 200) };
  if (schema.pattern === '^[0-9]+$') {
    return fc.oneof(fc.constantFrom(...known.networkIds), fc.stringMatching(/^[0-9]{1,19}$/)).filter((text) => text.length >= bounds.minLength && text.length <= (schema.maxLength ?? Infinity));
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length >= bounds.minLength && text.length <= (schema.maxLength ?? Infinity));
  return fc.string(bounds);
}

function numberFor(schema: Schema, integer: boolean, known: KnownValues): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 100_000);
  if (!integer) return fc.double({ min, max, noNaN: true });
  const inRange = known.ids.filter((id) => id >= min && id <= max);
  const bounded = fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) });
  return inRange.length > 0 ? fc.oneof(fc.constantFrom(...inRange), bounded) : bounded;
}

/**
 * Values for a schema of the contract. Fitting ones follow it, so calls reach the handlers; hostile
 * ones break it now and then at every level (the wrong type, hostile text or numbers, deep nesting,
 * a missing required or an unknown property).
 */
export function valueFor(contract: Contract, input: Schema, known: KnownValues, hostile: boolean, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolveRef(contract, input);
  const fitting = fittingValue(contract, schema, known, hostile, depth);
  return hostile ? fc.oneof({ weight: 6, arbitrary: fitting }, { weight: 1, arbitrary: anyValue }) : fitting;
}

/** A fitting value in another JSON type that a type-converting validator would take back: numbers and booleans as text, anything else in an array. */
function retyped(value: unknown): unknown {
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : [value];
}

/** A fitting body with one of its fields (the one `pick` lands on) retyped; a body that is not an object, retyped whole. */
function withOneFieldRetyped(body: unknown, pick: number): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return retyped(body);
  const names = Object.keys(body);
  if (names.length === 0) return body;
  const name = names[pick % names.length]!;
  return { ...body, [name]: retyped((body as Record<string, unknown>)[name]) };
}

function fittingValue(contract: Contract, schema: Schema, known: KnownValues, hostile: boolean, depth: number): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch: Schema) => valueFor(contract, branch, known, hostile, depth + 1)));
  if (schema.allOf) {
    return fc
      .tuple(...schema.allOf.map((part: Schema) => fittingValue(contract, resolveRef(contract, part), known, hostile, depth + 1)))
      .map((parts) => Object.assign({}, ...(parts as object[])));
  }
  const types = typesOf(schema);
  if (types.length === 0) return depth > 3 || !hostile ? fc.jsonValue({ maxDepth: 1 }) : anyValue;
  return fc.oneof(...types.map((type) => typedValue(contract, schema, type, known, hostile, depth)));
}

function typedValue(contract: Contract, schema: Schema, type: string, known: KnownValues, hostile: boolean, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringFor(schema, known);
    case 'integer':
      return numberFor(schema, true, known);
    case 'number':
      return numberFor(schema, false, known);
    case 'array': {
      const maxLength = Math.min(schema.maxItems ?? 4, 4);
      return fc.array(valueFor(contract, schema.items ?? {}, known, hostile, depth + 1), { minLength: Math.min(schema.minItems ?? 0, maxLength), maxLength });
    }
    case 'object':
      return objectValue(contract, schema, known, hostile, depth);
    default:
      return anyValue;
  }
}

function objectValue(contract: Contract, schema: Schema, known: KnownValues, hostile: boolean, depth: number): fc.Arbitrary<unknown> {
  const properties: Record<string, Schema> = schema.properties ?? {};
  const required = [...new Set<string>(schema.required ?? [])];
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) record[name] = valueFor(contract, property, known, hostile, depth + 1);
  const optional = Object.keys(properties).filter((name) => !required.includes(name));
  const shaped = fc.record(record, { requiredKeys: required as never[] }).map((value) => value as Record<string, unknown>);
  const kept = fc.tuple(shaped, fc.subarray(optional)).map(([value, keep]) =>
    Object.fromEntries(Object.entries(value).filter(([name]) => required.includes(name) || keep.includes(name))),
  );
  if (!hostile) return kept;
  // Now and then a required property goes missing, or an unknown one comes along.
  return fc.tuple(kept, required.length > 0 ? fc.option(fc.constantFrom(...required), { freq: 8, nil: undefined }) : fc.constant(undefined), fc.option(fc.tuple(hostileText, anyValue), { freq: 8, nil: undefined })).map(
    ([value, missing, unknown]) => {
      const result = { ...value };
      if (missing !== undefined) delete result[missing];
      if (unknown) result[unknown[0]] = unknown[1];
      return result;
    },
  );
}

/** JSON text in which raw parts stay as written (1e999, -0, deep nesting). */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item) => {
    const raw = item instanceof RawJson ? item : typeof item === 'number' ? rawNumber(item) : undefined;
    if (raw === undefined) return item;
    raws.push(raw.text);
    return `${RAW_MARK}${raws.length - 1}`;
  });
  return text === undefined ? '' : text.replace(new RegExp(`"${RAW_MARK}(\\d+)"`, 'g'), (_match, index) => raws[Number(index)]);
}

/** Percent-encodes text for a URL; a lone surrogate, which no URL can carry, becomes U+FFFD. */
function encode(text: string): string {
  return encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

function encodePathValue(value: unknown): string {
  return encode(typeof value === 'string' ? value : toJsonText(value));
}

function queryValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(queryValue).join('|');
  return typeof value === 'string' ? value : toJsonText(value);
}

const CONTENT_TYPES = fc.oneof(
  { weight: 14, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      'text/csv',
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'application/json; charset=iso-8859-1',
      'application/json;charset="UTF-8"',
      'Application/JSON',
      'application/vnd.api+json',
      'text/json',
      '',
    ),
  },
);

/** Requests for one operation, generated from its parameters and body schema in the contract: some fitting it, most hostile. */
export function requestsFor(contract: Contract, operation: ContractOperation, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  return fc.oneof({ weight: 1, arbitrary: requestArbitrary(contract, operation, known, false) }, { weight: 2, arbitrary: requestArbitrary(contract, operation, known, true) });
}

function requestArbitrary(contract: Contract, operation: ContractOperation, known: KnownValues, hostile: boolean): fc.Arbitrary<FuzzRequest> {
  const parameters = parametersOf(contract, operation);
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const hostileValue = fc.constantFrom<unknown>(...HOSTILE_TEXT, ...HOSTILE_NUMBERS);
  const sometimesHostile = (fitting: fc.Arbitrary<unknown>) =>
    hostile ? fc.oneof({ weight: 4, arbitrary: fitting }, { weight: 1, arbitrary: hostileValue }) : fitting;
  const pathValues = fc.tuple(
    ...pathParameters.map((parameter) =>
      sometimesHostile(
        parameter.name === 'id' && operation.access === 'groupAdmin'
          ? // Mostly the group the caller holds, so the call gets past the access checks to its input.
            fc.oneof({ weight: 3, arbitrary: fc.constant<unknown>(known.ids[0]) }, { weight: 1, arbitrary: valueFor(contract, parameter.schema, known, hostile) })
          : valueFor(contract, parameter.schema, known, hostile),
      ),
    ),
  );
  const queryValues = fc.tuple(
    ...queryParameters.map((parameter) =>
      fc.option(sometimesHostile(valueFor(contract, parameter.schema, known, hostile)), { freq: parameter.required ? 20 : 2 }),
    ),
  );
  const bodySchema = rawOperation(contract, operation).requestBody?.content?.['application/json']?.schema;
  const fittingBody = bodySchema ? valueFor(contract, bodySchema, known, hostile).map(toJsonText) : fc.constant(undefined);
  const body =
    bodySchema && hostile
      ? fc.oneof(
          { weight: 12, arbitrary: fittingBody },
          // A well-formed body but for one field sent in another type, which must be refused, not converted.
          {
            weight: 3,
            arbitrary: fc.tuple(valueFor(contract, bodySchema, known, false), fc.nat()).map(([value, pick]) => toJsonText(withOneFieldRetyped(value, pick))),
          },
          { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":', 'null', '[]', '"text"', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}') },
          { weight: 1, arbitrary: fc.constant(undefined) },
        )
      : fittingBody;
  const contentType = hostile ? CONTENT_TYPES : fc.constant('application/json');
  const extraQuery = hostile ? fc.option(fc.tuple(hostileText, hostileText), { freq: 15 }) : fc.constant(null);
  return fc.tuple(pathValues, queryValues, body, contentType, extraQuery).map(([path, query, payload, type, extra]) => {
    let index = 0;
    const url = operation.path.replace(/\{(\w+)\}/g, () => encodePathValue(path[index++]));
    const pairs = queryParameters.flatMap((parameter, position) =>
      query[position] === null ? [] : [`${encode(parameter.name)}=${encode(queryValue(query[position]))}`],
    );
    if (extra) pairs.push(`${encode(extra[0])}=${encode(extra[1])}`);
    const headers: Record<string, string> = {};
    if (payload !== undefined && type !== '') headers['content-type'] = type;
    return {
      method: operation.method,
      url: `/api/v1${url}${pairs.length > 0 ? `?${pairs.join('&')}` : ''}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
    };
  });
}
