import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';
import { safeEqual } from './secrets';

describe('passwords', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('never matches a malformed stored hash', async () => {
    for (const stored of ['', 'plain', 'scrypt$x$8$1$c2FsdA$a2V5', 'scrypt$16384$8$1$c2FsdA$', 'bcrypt$2$b$c$d$e']) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });
});

describe('safeEqual', () => {
  it('compares strings of any length', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
