// A record's tags as stored: each trimmed, in Unicode's composed form (NFC: "été" typed with a combining accent is
// stored as the "été" a keyboard types, the same letters, so a tag filter finds both posts: an outside probe found
// each only by its own spelling), none empty, and no tag twice whatever its case ("News" and "news" are one tag; the
// first spelling is kept, in its place). The console's tag input and the API's tags field both use it,
// so what the console shows before a save is what the server stores. Imports nothing (STYLE.md).
export function distinctTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().normalize('NFC');
    const key = tag.toLowerCase();
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result;
}
