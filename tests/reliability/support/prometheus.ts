/** A scrape: one sample of a Prometheus text exposition, the series with exactly these label values. */
export type Scrape = (name: string, labels?: Record<string, string>) => number | undefined;

export function parsePrometheus(text: string): Scrape {
  const samples = text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = new Map([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1]!, pair[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
  return (name, labels = {}) =>
    samples.find((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels.get(key) === value) && sample.labels.size === Object.keys(labels).length)?.value;
}
