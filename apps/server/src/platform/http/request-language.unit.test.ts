import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requestLanguage } from './request-language.ts';

const app = new Hono().get('/', (c) => c.text(requestLanguage(c)));
const languageFor = async (header?: string) => (await app.request('/', { headers: header === undefined ? {} : { 'Accept-Language': header } })).text();

describe('requestLanguage', () => {
  it("takes the browser's most preferred language we speak, by its primary subtag", async () => {
    expect(await languageFor('de-AT,de;q=0.9,en;q=0.8')).toBe('de');
    expect(await languageFor('ja-JP,fr-CA;q=0.7,en;q=0.5')).toBe('fr');
    expect(await languageFor('en;q=0.3, es;q=0.8')).toBe('es');
    expect(await languageFor('ES')).toBe('es');
  });

  it('answers English for a browser speaking none of ours, a refused one, or none at all', async () => {
    expect(await languageFor('ja,zh-CN;q=0.8')).toBe('en');
    expect(await languageFor('de;q=0')).toBe('en');
    expect(await languageFor('*')).toBe('en');
    expect(await languageFor('')).toBe('en');
    expect(await languageFor()).toBe('en');
  });
});
