import type { components, operations } from '../src/api/schema';

export type Schemas = components['schemas'];

/** The query parameters of an operation of the contract, every one of them present. */
export type QueryOf<Op extends keyof operations> = Required<NonNullable<operations[Op]['parameters']['query']>>;

/**
 * A list holding every value of a union the contract enumerates: a value the contract
 * adds or drops fails the build here instead of going unnoticed.
 */
export function everyValueOf<Union extends string>() {
  return <const Values extends readonly Union[]>(
    values: Values & ([Exclude<Union, Values[number]>] extends [never] ? unknown : { missing: Exclude<Union, Values[number]> }),
  ): Values => values;
}
