/**
 * A passkey authenticator in software, for function tests: it answers the site's WebAuthn options
 * the way a phone does (a P-256 key, "none" attestation, user present and verified), so the server's
 * real checks (@simplewebauthn/server) run on real answers. The browser tests use Chromium's own
 * virtual authenticator instead.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { encodeCBOR, type CBORType } from "@levischuck/tiny-cbor";

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString("base64url");

/** User present (0x01) and verified (0x04); 0x40 when the data carries a new credential. */
const PRESENT_AND_VERIFIED = 0x05;
const ATTESTED = 0x40;

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16).toString("base64url");
  /** The signature counter; each answer moves it on by one (set it back to act as a copied key). */
  counter = 0;
  /** Whether the person is verified (a fingerprint); false acts as a key with no verification. */
  verifies = true;
  readonly #keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  #userHandle = "";

  constructor(readonly origin = "http://localhost") {}

  #authenticatorData(flags: number, attested?: Uint8Array): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const rpIdHash = sha256(new URL(this.origin).hostname);
    const verified = this.verifies ? flags : flags & ~0x04;
    return Buffer.concat([rpIdHash, Buffer.from([verified]), counter, ...(attested ? [attested] : [])]);
  }

  /** The client data the browser signs over: the ceremony, the server's challenge and this origin. */
  #clientDataJSON(type: "webauthn.create" | "webauthn.get", challenge: string): string {
    return JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false });
  }

  /** A public key credential of this authenticator, as the browser hands it to the page. */
  #credential<Response>(response: Response) {
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key" as const,
      clientExtensionResults: {},
      response,
    };
  }

  /** The answer to registration options (`navigator.credentials.create`). */
  register(options: { challenge: string; user: { id: string } }) {
    this.#userHandle = options.user.id;
    const jwk = this.#keys.publicKey.export({ format: "jwk" });
    const coseKey = encodeCBOR(
      new Map<number, CBORType>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
    const id = Buffer.from(this.credentialId, "base64url");
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, id, coseKey]);
    const authData = this.#authenticatorData(PRESENT_AND_VERIFIED | ATTESTED, attested);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ["fmt", "none"],
        ["attStmt", new Map<string, CBORType>()],
        ["authData", authData],
      ]),
    );
    const clientDataJSON = this.#clientDataJSON("webauthn.create", options.challenge);
    return this.#credential({
      clientDataJSON: b64url(clientDataJSON),
      attestationObject: b64url(attestationObject),
      transports: ["internal"],
    });
  }

  /** The answer to authentication options (`navigator.credentials.get`), signed. */
  answer(options: { challenge: string }) {
    this.counter += 1;
    const authenticatorData = this.#authenticatorData(PRESENT_AND_VERIFIED);
    const clientDataJSON = this.#clientDataJSON("webauthn.get", options.challenge);
    const signature = sign(
      "sha256",
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      this.#keys.privateKey,
    );
    return this.#credential({
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authenticatorData),
      signature: b64url(signature),
      userHandle: this.#userHandle,
    });
  }
}
