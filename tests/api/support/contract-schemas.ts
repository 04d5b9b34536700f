import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { loadContract } from '../../../server/http/contract';

const CONTRACT_ID = 'openapi.json';

function pointer(...parts: string[]): string {
  return parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

/** Checks answers against the contract's own response schemas, the way a client generated from it reads them. */
export function createResponseValidator(contract = loadContract()) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...contract, $id: CONTRACT_ID });

  /** The declared response for the status, and where it is in the contract; undefined when the operation does not declare it. */
  function declaredResponse(path: string, method: string, status: number): { response: Record<string, any>; location: string } | undefined {
    let response = contract.paths[path]?.[method.toLowerCase()]?.responses?.[String(status)];
    let location = pointer('paths', path, method.toLowerCase(), 'responses', String(status));
    if (response?.$ref) {
      location = String(response.$ref).replace(/^#\//, '');
      response = location.split('/').reduce((node: any, key: string) => node[key], contract);
    }
    return response ? { response, location } : undefined;
  }

  function responseSchemaPath(path: string, method: string, status: number): string | undefined {
    const declared = declaredResponse(path, method, status);
    if (!declared?.response.content?.['application/json']) return undefined;
    return `${CONTRACT_ID}#/${declared.location}/content/${pointer('application/json')}/schema`;
  }

  return {
    /** The content types the contract declares for the status (empty for an answer without a body); undefined when the status is not declared. */
    contentTypes(path: string, method: string, status: number): string[] | undefined {
      const declared = declaredResponse(path, method, status);
      return declared && Object.keys(declared.response.content ?? {});
    },

    /** Undefined when the body fits; otherwise AJV's complaints. Throws when the contract has no such response. */
    validate(path: string, method: string, status: number, body: unknown): string | undefined {
      const schemaPath = responseSchemaPath(path, method, status);
      if (!schemaPath) throw new Error(`the contract has no JSON ${status} answer for ${method} ${path}`);
      const validate = ajv.getSchema(schemaPath);
      if (!validate) throw new Error(`no schema at ${schemaPath}`);
      return validate(body) ? undefined : ajv.errorsText(validate.errors);
    },
  };
}

/** Checks request bodies against the contract's own schemas exactly, converting no type. */
export function createRequestBodyValidator(contract = loadContract()) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...contract, $id: CONTRACT_ID });

  return {
    /** Undefined when the JSON text is a body the operation accepts; otherwise why not. Throws when the operation takes no body. */
    validate(path: string, method: string, text: string): string | undefined {
      const schemaPath = `${CONTRACT_ID}#/${pointer('paths', path, method.toLowerCase(), 'requestBody', 'content', 'application/json', 'schema')}`;
      const validate = ajv.getSchema(schemaPath);
      if (!validate) throw new Error(`no request body schema at ${schemaPath}`);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return 'not JSON';
      }
      return validate(body) ? undefined : ajv.errorsText(validate.errors);
    },
  };
}
