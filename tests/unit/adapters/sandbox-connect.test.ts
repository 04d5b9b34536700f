import { describe, expect, it } from 'vitest';
import { sandboxCustomers } from '../../../server/adapters/connect/sandbox';

const FIRST = ['Emma', 'Liam', 'Olivia', 'Noah', 'Mia', 'Lucas', 'Sofia', 'Ethan'];
const LAST = ['Jensen', 'Garcia', 'Nakamura', 'Okafor', 'Rossi', 'Schmidt'];
/** A group of 800: its admin is a sandbox user with an email, the rest are people of the network. */
const people = [
  { name: 'Ada Admin', email: 'ada.admin@example.com' },
  ...Array.from({ length: 799 }, (_, index) => ({ name: `${FIRST[index % FIRST.length]} ${LAST[index % LAST.length]}`, email: null })),
];
const memberNames = new Set(people.map((person) => person.name));

describe("the sandbox's payment customers of a group", () => {
  const customers = sandboxCustomers(people);

  it('are the same every time, one for about every forty members, each with its own provider id', () => {
    expect(sandboxCustomers(people)).toEqual(customers);
    expect(customers.length).toBeGreaterThanOrEqual(20);
    expect(new Set(customers.map((customer) => customer.externalId)).size).toBe(customers.length);
  });

  it("include the sandbox user's own email, members' names as they are and a little misspelled, duplicates and strangers", () => {
    expect(customers[0]).toMatchObject({ name: 'Ada Admin', email: 'ada.admin@example.com' });
    const exact = customers.filter((customer) => memberNames.has(customer.name!));
    const misspelled = customers.filter((customer) => !memberNames.has(customer.name!) && [...memberNames].some((name) => customer.name!.length === name.length + 1 && customer.name!.startsWith(name.split(' ')[0]!)));
    const shouting = customers.filter((customer) => customer.name === customer.name!.toUpperCase() && memberNames.has(customer.name!.replace(/\b(\w)(\w*)/g, (_, a: string, b: string) => a + b.toLowerCase())));
    const strangers = customers.filter((customer) => !memberNames.has(customer.name!) && !misspelled.includes(customer) && !shouting.includes(customer));
    expect(exact.length).toBeGreaterThan(1);
    expect(misspelled.length).toBeGreaterThan(1);
    expect(shouting.length).toBeGreaterThan(0);
    expect(strangers.length).toBeGreaterThan(0);
  });

  it('pay in cents with active, past due and canceled subscriptions, and some never subscribed', () => {
    expect(new Set(customers.map((customer) => customer.subscriptionStatus))).toEqual(new Set(['active', 'past_due', 'canceled', null]));
    for (const customer of customers) {
      expect(Number.isInteger(customer.paid)).toBe(true);
      expect(customer.subscription === null).toBe(customer.subscriptionStatus === null);
      expect(customer.subscriptionCreated === null).toBe(customer.subscriptionStatus === null);
    }
  });

  it('still exist for a group with no members: strangers only', () => {
    const lonely = sandboxCustomers([]);
    expect(lonely.length).toBe(12);
    expect(lonely.every((customer) => !memberNames.has(customer.name!))).toBe(true);
  });
});
