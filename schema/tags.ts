// A record's tags as stored: each trimmed, none empty, and no tag twice whatever its case or its Unicode form ("News"
// and "news" are one tag, as are "été" typed with a combining accent and with é: the website printed both; the first
// spelling is kept, in its place). The console's tag input and the API's tags field both use it,
// so what the console shows before a save is what the server stores. Imports nothing (STYLE.md).
export function distinctTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.normalize('NFC').toLowerCase();
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result;
}
