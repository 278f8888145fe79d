/** Starts the production build under the Netlify CLI (as `npm start` does) for the audit. */
import { spawn, type ChildProcess } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { compressingProxy } from "./compressing-proxy.ts";

export interface Server {
  url: string;
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`netlify serve exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(1000);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * `netlify serve --offline` builds the site and serves it with its headers and functions. With
 * `compressed`, the site is reached on `port` through a compressing layer, as Netlify's CDN serves it
 * (./compressing-proxy.ts), and the CLI itself listens on `port + 300`.
 */
export async function serveProduction(port: number, { compressed = false } = {}): Promise<Server> {
  if (compressed) {
    const site = await serveProduction(port + 300);
    const front = await compressedFront(port, port + 300);
    return {
      url: front.url,
      async stop() {
        await front.stop();
        await site.stop();
      },
    };
  }
  const child = spawn(
    "netlify",
    [
      "serve",
      "--offline",
      "--port",
      String(port),
      "--staticServerPort",
      String(port + 100),
      "--functions-port",
      String(port + 200),
    ],
    { stdio: ["ignore", "ignore", "inherit"], detached: true },
  );
  const url = `http://localhost:${port}`;
  await waitFor(url, child, 240_000);
  return {
    url,
    async stop() {
      if (child.exitCode !== null || !child.pid) return;
      // The CLI starts child servers: end its whole process group.
      process.kill(-child.pid, "SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

/** The compressing layer alone, on `port`, in front of a site already served on `target`. */
export async function compressedFront(port: number, target: number): Promise<Server> {
  const proxy = await compressingProxy(port, target);
  return {
    url: `http://localhost:${port}`,
    stop: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}
