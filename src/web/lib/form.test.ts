import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './form';

describe('lazySchema', () => {
  it('passes until loaded, loads once however often it is asked, then validates with the schema', async () => {
    const schema = z.object({ email: z.email('Enter a valid email') });
    const load = vi.fn(async () => schema);
    const lazy = lazySchema(load);
    expect(lazy.validate({ email: 'nope' })).toEqual({});
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([lazy.ready(), lazy.ready()]);
    expect(a).toBe(schema);
    expect(b).toBe(schema);
    expect(load).toHaveBeenCalledTimes(1);
    expect(lazy.validate({ email: 'nope' })).toEqual({ email: 'Enter a valid email' });
    expect(lazy.validate({ email: 'a@b.test' })).toEqual({});
  });
});
