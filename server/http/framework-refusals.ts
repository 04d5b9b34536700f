import { STATUS_CODES, maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyServerOptions } from 'fastify';
import type { ServerConfig } from '../config';
import { ApiError } from './errors';
import { responseHeaders } from './response-headers';

const CONTENT_TYPE_MESSAGE = 'Send the request body as JSON, with Content-Type: application/json';

/** What the framework refuses before a route's own checks run, as the contract's errors naming the field. */
const REFUSALS: Record<string, () => ApiError> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new ApiError('unsupported_media_type', CONTENT_TYPE_MESSAGE, { field: 'content-type', location: 'headers', rule: 'media_type' }),
  FST_ERR_CTP_BODY_TOO_LARGE: () =>
    new ApiError('payload_too_large', "'body' is larger than the server accepts", { field: 'body', location: 'body', rule: 'max_size' }),
  FST_ERR_CTP_INVALID_JSON_BODY: () =>
    new ApiError('bad_request', "'body' is not valid JSON", { field: 'body', location: 'body', rule: 'json' }),
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    new ApiError('bad_request', "'body' is empty but its content type says JSON", { field: 'body', location: 'body', rule: 'json' }),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new ApiError('bad_request', "'content-length' does not match the body", { field: 'content-length', location: 'headers', rule: 'content_length' }),
  FST_ERR_BAD_URL: () =>
    new ApiError('bad_request', "The path holds a malformed percent-encoding (such as '%E0%A4%A')", {
      field: 'path',
      location: 'path',
      rule: 'percent_encoding',
    }),
};

/** The contract's error for a refusal of the framework's own, or undefined when the error is not one. */
export function frameworkRefusal(error: FastifyError): ApiError | undefined {
  return error.code ? REFUSALS[error.code]?.() : undefined;
}

/** An answer written straight to the socket, for requests Node refuses before Fastify sees them. */
function rawAnswer(status: number, body: unknown, headers: Record<string, string>): string {
  const text = JSON.stringify(body);
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(text)}`,
    'connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n${text}`;
}

/** An error of Node's HTTP parser: the chunk it was reading (a Buffer), and how far into it it got. */
interface ParserError extends Error {
  code?: string;
  rawPacket?: unknown;
  bytesParsed?: number;
}

/**
 * Whether the address (path and query) is what took the request line and headers over Node's
 * size limit. Node stops where the part that went over ends: for the address, right before the
 * request line's ` HTTP/1.1`; an address that has not ended yet is the start of the request, with
 * no line break before where it stopped.
 */
export function addressTooLong(error: ParserError): boolean {
  const { rawPacket, bytesParsed } = error;
  if (!Buffer.isBuffer(rawPacket) || bytesParsed === undefined) return false;
  const before = rawPacket.subarray(0, bytesParsed).toString('latin1');
  const after = rawPacket.subarray(bytesParsed, bytesParsed + 6).toString('latin1');
  return after === ' HTTP/' || /^[A-Z]+ \S*$/.test(before);
}

function sizeRefusal(error: ParserError): { status: number; body: unknown } {
  if (addressTooLong(error)) {
    return {
      status: 414,
      body: new ApiError(
        'bad_request',
        `The address (its path and query) is too long: the server reads at most ${maxHeaderSize} bytes of a request's address and headers`,
        { field: 'url', location: 'url', rule: 'max_size' },
      ).toBody(),
    };
  }
  return {
    status: 431,
    body: new ApiError('bad_request', `The request headers are larger than ${maxHeaderSize} bytes`, {
      field: 'headers',
      location: 'headers',
      rule: 'max_size',
    }).toBody(),
  };
}

function clientError(error: ParserError): { status: number; body: unknown } {
  const { code } = error;
  if (code === 'HPE_HEADER_OVERFLOW') return sizeRefusal(error);
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, body: new ApiError('bad_request', 'The request did not arrive in time').toBody() };
  }
  return { status: 400, body: new ApiError('bad_request', 'The request is not well-formed HTTP').toBody() };
}

/**
 * The server options that make the framework's own refusals leave in the one error shape with
 * the version headers: malformed URLs (frameworkErrors), requests Node's HTTP parser refuses,
 * such as an address (414) or headers (431) over its size limit (clientErrorHandler), and path
 * parameters of any length the URL can hold, so validation decides about them rather than the
 * router (which would answer a bare 414).
 */
export function frameworkRefusalOptions(
  config: ServerConfig,
): Pick<FastifyServerOptions, 'routerOptions' | 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    routerOptions: { maxParamLength: maxHeaderSize },
    frameworkErrors(error, _request, reply: FastifyReply) {
      const refusal = frameworkRefusal(error) ?? new ApiError('bad_request', 'The request could not be routed');
      return reply.status(refusal.statusCode).headers(responseHeaders(config)).send(refusal.toBody());
    },
    clientErrorHandler(error: ParserError, socket: Socket) {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      if (socket.writable) {
        const { status, body } = clientError(error);
        socket.write(rawAnswer(status, body, responseHeaders(config)));
      }
      socket.destroy(error);
    },
  };
}
