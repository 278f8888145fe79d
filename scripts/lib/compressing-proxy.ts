/**
 * A compressing layer in front of the Netlify CLI, for the audit. Netlify's CDN compresses every
 * text response it serves, with Brotli for a browser that accepts it, else gzip; the CLI sends them
 * as they are, so a page measured straight from the CLI pays for bytes no visitor downloads (the
 * 84 kB price guide is 12 kB on the wire). Lighthouse measures through this layer what a phone
 * receives from the live site (docs/quality.md, "First paint"). Brotli at quality 5, a level for
 * compressing as the bytes are sent, not the smallest file.
 */
import { createServer, request, type Server } from "node:http";
import { pipeline } from "node:stream";
import { constants, createBrotliCompress, createGzip } from "node:zlib";

/** What Netlify compresses: text formats. Images, PDFs and fonts are sent as they are. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/** Forwards every request on `port` to `target` (a port on 127.0.0.1), compressing text answers. */
export function compressingProxy(port: number, target: number): Promise<Server> {
  const server = createServer((incoming, outgoing) => {
    const forward = request(
      {
        host: "127.0.0.1",
        port: target,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        const headers = { ...answer.headers };
        const accepted = String(incoming.headers["accept-encoding"] ?? "");
        const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : undefined;
        if (
          !encoding ||
          headers["content-encoding"] ||
          !COMPRESSIBLE.test(String(headers["content-type"] ?? ""))
        ) {
          outgoing.writeHead(answer.statusCode ?? 502, headers);
          pipeline(answer, outgoing, () => {});
          return;
        }
        delete headers["content-length"];
        headers["content-encoding"] = encoding;
        headers.vary = headers.vary ? `${String(headers.vary)}, Accept-Encoding` : "Accept-Encoding";
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        const compress =
          encoding === "br"
            ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
            : createGzip();
        pipeline(answer, compress, outgoing, () => {});
      },
    );
    forward.on("error", () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    pipeline(incoming, forward, () => {});
  });
  return new Promise((resolve) => server.listen(port, () => resolve(server)));
}
