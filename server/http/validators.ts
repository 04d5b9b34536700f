import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Fastify's own AJV settings, but for additional properties, which are refused rather than
 * stripped, and for type coercion, which is the caller's (see partValidators).
 */
function validatorAjv(coerceTypes: 'array' | false): Ajv {
  const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: false, addUsedSchema: false, allErrors: false });
  addFormats(ajv);
  return ajv;
}

type Schema = Record<string, any>;

/** A header schema with its names in lower case, as Node gives a request's headers (Fastify does this only for its own compiler). */
function lowerCaseHeaderNames(schema: Schema): Schema {
  const { properties, required } = schema;
  return {
    ...schema,
    ...(properties && { properties: Object.fromEntries(Object.entries(properties).map(([name, property]) => [name.toLowerCase(), property])) }),
    ...(Array.isArray(required) && { required: required.map((name: string) => name.toLowerCase()) }),
  };
}

const bodies = validatorAjv(false);
const parameters = validatorAjv('array');
const compiled = new Map<string, ValidateFunction>();

/** A schema's validator, compiled once per process however many servers it builds (the api tests build hundreds). */
function compileOnce(ajv: Ajv, schema: Schema): ValidateFunction {
  const key = `${ajv === bodies ? 'body' : 'parameters'} ${JSON.stringify(schema)}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}

/**
 * The validators of a request's parts. A JSON body says its types itself, so it is taken exactly
 * as sent: `["monthly"]` where a string is declared, or `"5"` where a number is, is refused, never
 * converted. Query, path and header parameters are text, read as the types the contract declares.
 */
export function partValidators(): FastifySchemaCompiler<any> {
  return ({ schema, httpPart }) => {
    if (httpPart === 'body') return compileOnce(bodies, schema);
    return compileOnce(parameters, httpPart === 'headers' ? lowerCaseHeaderNames(schema) : schema);
  };
}
