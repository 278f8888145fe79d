/**
 * Reads an iCalendar text (RFC 5545) as a test needs it: lines unfolded, each property's name,
 * parameters and value, the calendar's METHOD and the first VEVENT's properties.
 */
export interface IcsProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

export function parseIcs(text: string): { method: string | undefined; event: Record<string, IcsProperty> } {
  const lines = text
    .replace(/\r?\n[ \t]/g, "")
    .split(/\r?\n/)
    .filter(Boolean);
  const properties = lines.map((line): IcsProperty => {
    const colon = line.search(/:(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    const [head, value] = [line.slice(0, colon), line.slice(colon + 1)];
    const [name, ...params] = head.split(";");
    return {
      name: name!.toUpperCase(),
      params: Object.fromEntries(params.map((param) => param.split("=") as [string, string])),
      value: value.replace(/\\n/gi, "\n").replace(/\\([,;\\])/g, "$1"),
    };
  });
  const begin = properties.findIndex((p) => p.name === "BEGIN" && p.value === "VEVENT");
  const end = properties.findIndex((p) => p.name === "END" && p.value === "VEVENT");
  const event = Object.fromEntries(properties.slice(begin + 1, end).map((p) => [p.name, p]));
  return { method: properties.find((p) => p.name === "METHOD")?.value, event };
}
