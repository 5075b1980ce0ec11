import { describe, expect, it } from 'vitest';
import { isApiAddressAsWritten, pathReached } from './addresses';

const ID = '0123456789abcdef0123456789abcdef';

describe('pathReached', () => {
  it('reads an address as the router and browsers do', () => {
    expect(pathReached(`/%61pi/uploads/${ID}`)).toBe(`/api/uploads/${ID}`);
    expect(pathReached(`/%2561pi/uploads/${ID}`)).toBe(`/api/uploads/${ID}`);
    expect(pathReached(`/api/./uploads/${ID}`)).toBe(`/api/uploads/${ID}`);
    expect(pathReached(`/api/%2e/uploads/${ID}`)).toBe(`/api/uploads/${ID}`);
    expect(pathReached(`/api/uploads/../uploads/${ID}?sig=x`)).toBe(`/api/uploads/${ID}`);
    expect(pathReached(`//api/uploads//${ID}`)).toBe(`/api/uploads/${ID}`);
    expect(pathReached(`\\api\\uploads\\${ID}`)).toBe(`/api/uploads/${ID}`);
    expect(pathReached('/about/')).toBe('/about/');
    expect(pathReached('/')).toBe('/');
    // A malformed escape stays as written; the router refuses it (400).
    expect(pathReached('/%61pi/%E0%A4%A')).toBe('/api/%E0%A4%A');
  });

  it('names no path for what is not one of this site from its root', () => {
    for (const address of ['https://cdn.example.com/api/uploads/x', 'mailto:a@example.com', '#top', 'photo.png', '']) {
      expect(pathReached(address), address).toBeUndefined();
    }
  });
});

describe('isApiAddressAsWritten', () => {
  it('takes an API address written as it is read, and every address that does not reach the API', () => {
    for (const address of [`/api/uploads/${ID}`, `/api/uploads/${ID}?sig=abc&exp=1`, '/api/public/blogs', '/about/./team', '/%7Euser', `https://cms.example.com/%61pi/uploads/${ID}`, 'tel:+44 20 7946 0000']) {
      expect(isApiAddressAsWritten(address), address).toBe(true);
    }
  });

  it('refuses an address that reaches the API written another way', () => {
    for (const address of [`/%61pi/uploads/${ID}`, `/api/%75ploads/${ID}`, `/api/./uploads/${ID}`, `/api/uploads/../uploads/${ID}`, `//api/uploads/${ID}`, `/api//uploads/${ID}`,
      `\\api\\uploads\\${ID}`, `/x/../api/uploads/${ID}`, `/API/uploads/${ID}`, '/api/uploads/%2e%2e/blogs']) {
      expect(isApiAddressAsWritten(address), address).toBe(false);
    }
  });
});
