/**
 * A real Blobs server behind a proxy that can break, for fault tests: `breakAfter(n)` lets the next
 * n requests through and then drops every connection (as a store that went away mid-request),
 * until `heal()`. `dropResponses` forwards the requests but drops the answers, so a write lands
 * while the caller sees a failure. `requests` counts what reached the proxy.
 */
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setEnvironmentContext } from "@netlify/blobs";
import { startBlobs } from "./blobs.ts";

export async function startFaultyBlobs() {
  const blobs = await startBlobs();
  const upstream = new URL(blobs.context.edgeURL);
  let allowed = Infinity;
  let mode: "refuse" | "drop-response" = "refuse";
  let requests = 0;

  const proxy = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests += 1;
    const broken = allowed <= 0;
    allowed -= 1;
    if (broken && mode === "refuse") {
      req.resume();
      res.socket?.destroy();
      return;
    }
    const upstreamReq = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (upstreamRes) => {
        if (broken) {
          upstreamRes.resume();
          upstreamRes.on("end", () => res.socket?.destroy());
          return;
        }
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
      },
    );
    upstreamReq.on("error", () => res.socket?.destroy());
    req.pipe(upstreamReq);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const context = { ...blobs.context, edgeURL: url, uncachedEdgeURL: url };
  setEnvironmentContext(context);

  return {
    context,
    get requests() {
      return requests;
    },
    /** Lets `n` more requests through, then fails all (refused, or answers dropped after the write). */
    breakAfter(n: number, how: "refuse" | "drop-response" = "refuse") {
      allowed = n;
      mode = how;
    },
    heal() {
      allowed = Infinity;
    },
    async stop() {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await blobs.stop();
    },
  };
}
