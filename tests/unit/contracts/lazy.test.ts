import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { accountWithSummarySchema } from '../../../functions/contracts/accounts';
import { overviewQuerySchema } from '../../../functions/contracts/insights';
import { lazy } from '../../../functions/contracts/lazy';

/** A contract's schema is built when first used, once, and is then the schema in every use the code makes of it. */
describe('lazily built schemas', () => {
  it('are built on first use only, and once', () => {
    let builds = 0;
    const name = lazy(() => {
      builds++;
      return z.string().check(z.minLength(2, 'A name is 2 characters or more'));
    });
    const person = lazy(() => {
      builds++;
      return z.object({ name, nickname: z.optional(z.string()) });
    });
    const people = lazy(() => z.array(person));
    expect(builds).toBe(0);
    expect(people.safeParse([{ name: 'Ada' }]).success).toBe(true);
    expect(builds).toBe(2);
    person.parse({ name: 'Al' });
    expect(builds).toBe(2);
  });

  it('parse, report issues, compose, extend and pick as the schema itself does', () => {
    const name = lazy(() => z.string().check(z.minLength(2, 'A name is 2 characters or more')));
    const person = lazy(() => z.object({ name }));
    const failed = person.safeParse({ name: 'A' });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues).toMatchObject([
      { path: ['name'], message: 'A name is 2 characters or more' },
    ]);
    const aged = lazy(() => z.extend(person, { age: z.number() }));
    expect(aged.parse({ name: 'Ada', age: 36 })).toEqual({ name: 'Ada', age: 36 });
    expect(z.pick(aged, { age: true }).parse({ name: 'Ada', age: 36 })).toEqual({ age: 36 });
    expect(Object.keys(person.shape)).toEqual(['name']);
    expect(person instanceof z.ZodMiniObject).toBe(true);
    expect('_zod' in person).toBe(true);
    expect(z.nullable(person).parse(null)).toBeNull();
    expect(z.toJSONSchema(person)).toMatchObject({ type: 'object', required: ['name'] });
  });

  it("the contracts' schemas are lazy and work as before (one built from another's shape; a query's message)", () => {
    expect(Object.keys(accountWithSummarySchema.shape)).toContain('transaction_count');
    const wrong = overviewQuerySchema.safeParse({ period: 'next_week' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toMatch(/^period is one of this_month, /);
  });
});
