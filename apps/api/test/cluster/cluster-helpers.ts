// What the cluster's test files share beyond use-cluster.ts: reading an instance's metrics.

/** The samples of `name` on one instance's /api/metrics (answered to a loopback caller), by label set. */
export async function metricSamples(
  instanceUrl: string,
  name: string,
): Promise<{ labels: Record<string, string>; value: number }[]> {
  const res = await fetch(`${instanceUrl}/api/metrics`);
  if (res.status !== 200) throw new Error(`metrics at ${instanceUrl}: ${res.status}`);
  const samples: { labels: Record<string, string>; value: number }[] = [];
  for (const line of (await res.text()).split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    samples.push({ labels: labels as Record<string, string>, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of `name`'s samples on one instance whose labels include `where` (0 when none yet). */
export async function metricSum(instanceUrl: string, name: string, where: Record<string, string> = {}): Promise<number> {
  const samples = await metricSamples(instanceUrl, name);
  return samples
    .filter((s) => Object.entries(where).every(([key, value]) => s.labels[key] === value))
    .reduce((sum, s) => sum + s.value, 0);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
