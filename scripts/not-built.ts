import { createHandlers } from '../server/handlers';
import type { HandlerContext } from '../server/handlers/types';
import { listOperations, loadContract, type ContractOperation } from '../server/http/contract';

/** The contract's operations that have no handler yet, grouped by tag, as README's "Not built yet" lines. */
export function notBuiltLines(): string[] {
  const built = new Set(Object.keys(createHandlers({} as HandlerContext)));
  const byTag = new Map<string, ContractOperation[]>();
  for (const operation of listOperations(loadContract())) {
    if (built.has(operation.operationId)) continue;
    byTag.set(operation.tag, [...(byTag.get(operation.tag) ?? []), operation]);
  }
  return [...byTag].map(([tag, operations]) => `- **${tag}**: ${operations.map((o) => `\`${o.method} ${o.path}\``).join(', ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(notBuiltLines().join('\n'));
