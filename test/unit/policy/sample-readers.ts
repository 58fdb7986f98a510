// Simple readers for the sample policy files of docs/policy/: enough of each format to get the values
// an administrator's file gives the extension, the way the browser hands them over.

export type JsonSchema = { type: string; properties?: Record<string, JsonSchema>; items?: JsonSchema };

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name] ?? '');

/** The top-level value of an XML property list (dict, array, string, integer, true, false). */
export function readPlist(xml: string): unknown {
  const body = xml.replace(/<\?xml[^>]*\?>|<!DOCTYPE[^>]*>|<!--[\s\S]*?-->/g, '');
  const tokens = body.match(/<[^>]+>|[^<]+/g)?.filter((token) => token.trim() !== '') ?? [];
  let at = 0;
  const next = () => tokens[at++] ?? '';
  const textUntil = (close: string) => {
    const token = next();
    if (token === close) return '';
    if (next() !== close) throw new Error(`expected ${close}`);
    return unescapeXml(token);
  };
  const value = (open: string): unknown => {
    if (open === '<true/>') return true;
    if (open === '<false/>') return false;
    if (open === '<string>') return textUntil('</string>');
    if (open === '<string/>') return '';
    if (open === '<integer>') return Number(textUntil('</integer>'));
    if (open === '<array>') {
      const list: unknown[] = [];
      for (let token = next(); token !== '</array>'; token = next()) list.push(value(token));
      return list;
    }
    if (open === '<dict>') {
      const dict: Record<string, unknown> = {};
      for (let token = next(); token !== '</dict>'; token = next()) {
        if (token !== '<key>') throw new Error(`expected <key>, found ${token}`);
        const key = textUntil('</key>');
        dict[key] = value(next());
      }
      return dict;
    }
    throw new Error(`unexpected ${open}`);
  };
  if (next() !== '<plist version="1.0">') throw new Error('not a plist');
  return value(next());
}

/** The JSON text of a .reg string value: `\"` and `\\` are its only escapes. */
const unescapeReg = (text: string) => text.replace(/\\(["\\])/g, '$1');

/**
 * The values under `keyPath` of a .reg file, converted as Chrome converts registry values with the
 * extension's schema: a DWORD for a boolean is 0 or not, a REG_SZ for a list or object is JSON.
 */
export function readReg(
  text: string,
  keyPath: RegExp,
  schema: JsonSchema,
): { key: string; values: Record<string, unknown> } {
  const lines = text.split(/\r?\n/);
  if (lines[0] !== 'Windows Registry Editor Version 5.00') throw new Error('not a .reg file');
  let key = '';
  const values: Record<string, unknown> = {};
  for (const line of lines) {
    const section = /^\[(.+)\]$/.exec(line);
    if (section) key = section[1] ?? '';
    const entry = /^"([^"]+)"=(?:"((?:[^"\\]|\\.)*)"|dword:([0-9a-fA-F]{8}))$/.exec(line);
    if (!entry || !keyPath.test(key)) continue;
    const [, name = '', string, dword] = entry;
    const type = schema.properties?.[name]?.type;
    if (dword !== undefined) values[name] = type === 'boolean' ? parseInt(dword, 16) !== 0 : parseInt(dword, 16);
    else
      values[name] =
        type === 'array' || type === 'object' ? JSON.parse(unescapeReg(string ?? '')) : unescapeReg(string ?? '');
  }
  return { key, values };
}

/** Whether `value` fits `schema` as Chrome checks it (type, properties, items); the first misfit, or ''. */
export function schemaMisfit(value: unknown, schema: JsonSchema, path = ''): string {
  const actual = Array.isArray(value)
    ? 'array'
    : value === null
      ? 'null'
      : typeof value === 'number' && Number.isInteger(value)
        ? 'integer'
        : typeof value;
  if (actual !== schema.type) return `${path || '(top)'}: ${actual}, not ${schema.type}`;
  if (Array.isArray(value) && schema.items) {
    for (const [index, item] of value.entries()) {
      const misfit = schemaMisfit(item, schema.items, `${path}[${index}]`);
      if (misfit) return misfit;
    }
  }
  if (actual === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const property = schema.properties?.[key];
      if (!property) return `${path}.${key}: not in the schema`;
      const misfit = schemaMisfit(item, property, `${path}.${key}`);
      if (misfit) return misfit;
    }
  }
  return '';
}
