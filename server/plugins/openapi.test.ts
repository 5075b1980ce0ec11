import { describe, expect, it } from 'vitest';
import { namedComponents } from './openapi';

const post = (description?: string) => ({
  type: 'object',
  title: 'PostRecord',
  ...(description !== undefined && { description }),
  properties: { id: { type: 'integer' }, title: { type: 'string', title: 'Title' } },
});

describe('namedComponents', () => {
  it('makes a titled object one component, each use a $ref keeping its own description; nested ones first', () => {
    const document = {
      paths: {
        '/posts': { get: { schema: { type: 'array', items: post() } } },
        '/posts/{id}': { get: { schema: post('The record.') } },
        '/pages': { get: { schema: { type: 'object', title: 'PostPage', properties: { data: { type: 'array', items: post() } } } } },
      },
      components: { schemas: { Error: { type: 'object' } } },
    };
    namedComponents(document);
    expect(document.paths).toEqual({
      '/posts': { get: { schema: { type: 'array', items: { $ref: '#/components/schemas/PostRecord' } } } },
      '/posts/{id}': { get: { schema: { $ref: '#/components/schemas/PostRecord', description: 'The record.' } } },
      '/pages': { get: { schema: { $ref: '#/components/schemas/PostPage' } } },
    });
    expect(document.components.schemas).toEqual({
      Error: { type: 'object' },
      PostRecord: { title: 'PostRecord', type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string', title: 'Title' } } },
      PostPage: { title: 'PostPage', type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/PostRecord' } } } },
    });
  });

  it('leaves written out what it cannot name without changing a meaning: a second shape of a title, a title already taken, a label', () => {
    const other = { type: 'object', title: 'PostRecord', properties: { id: { type: 'string' } } };
    const taken = { type: 'object', title: 'Error', properties: { code: { type: 'integer' } } };
    const label = { type: 'object', title: 'Cover image', properties: { src: { type: 'string' } } };
    const document = { paths: { '/a': { schema: post() }, '/b': { schema: other }, '/c': { schema: taken }, '/d': { schema: label } }, components: { schemas: { Error: { type: 'object' } } } };
    namedComponents(document);
    expect(document.paths).toEqual({ '/a': { schema: { $ref: '#/components/schemas/PostRecord' } }, '/b': { schema: other }, '/c': { schema: taken }, '/d': { schema: label } });
    expect(Object.keys(document.components.schemas)).toEqual(['Error', 'PostRecord']);
  });

  it('names the first shape met and leaves a later, different one written out, whichever comes first', () => {
    const other = { type: 'object', title: 'PostRecord', properties: { id: { type: 'string' } } };
    const document = { paths: { '/b': { schema: other }, '/a': { schema: post() } }, components: { schemas: {} as Record<string, unknown> } };
    namedComponents(document);
    expect(document.paths).toEqual({ '/b': { schema: { $ref: '#/components/schemas/PostRecord' } }, '/a': { schema: post() } });
    expect(document.components.schemas.PostRecord).toEqual({ title: 'PostRecord', type: 'object', properties: { id: { type: 'string' } } });
  });

  it('leaves values alone (default, examples…), and properties named title and type are properties', () => {
    const value = { type: 'object', title: 'PostRecord', properties: {} };
    const schema = {
      type: 'object',
      properties: { title: { type: 'string', title: 'Title' }, type: { type: 'string' } },
      default: value,
      examples: [value],
    };
    const document = { paths: { '/a': { schema } }, components: { schemas: {} as Record<string, unknown> } };
    namedComponents(document);
    expect(document.paths).toEqual({ '/a': { schema } });
    expect(document.components.schemas).toEqual({});
  });
});
