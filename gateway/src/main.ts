// The integrated site (`pnpm --filter gateway start`; `pnpm start` runs it for you).
//   PORT          listen port (default 8080)
//   HOST          listen address (default 127.0.0.1; 0.0.0.0 to accept other machines)
//   API_URL       the API server to proxy /api to (default http://127.0.0.1:3000); several
//                 comma-separated URLs share the requests (API servers on one PostgreSQL)
//   RELEASE_STORE the release store (default <repo>/.release-store)
//   HOST_DIST     the host-shell build (default <repo>/host-shell/dist)
//   LOG_LEVEL     request logging (default warn)
//   GATEWAY_TRUST_PROXY  proxies in front whose X-Forwarded-For/-Proto count: `false` (default)
//                 or a comma-separated list of addresses, CIDRs or `loopback`
//   DOCUMENT_MAX_MB  the largest document upload in megabytes, as the API reads it (default 10):
//                 document uploads are streamed to the API with this limit, other bodies 1 MiB
//   HSTS          `tls` (default: Strict-Transport-Security on requests that came over TLS) or
//                 `always` (TLS ends at a proxy not listed in GATEWAY_TRUST_PROXY)
import path from 'node:path';
import { createGateway } from './gateway';
import { DEFAULT_HOST_DIST, DEFAULT_STORE_DIR } from './paths';
import { securityEnvSchema } from './security-headers';

/** DOCUMENT_MAX_MB as the API reads it (api-server/src/config.ts): an integer from 1 to 1024. */
function documentMaxMb(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 1024)
    throw new Error('DOCUMENT_MAX_MB: a whole number of megabytes from 1 to 1024');
  return parsed;
}

async function main(): Promise<void> {
  const port = Number.parseInt(process.env.PORT ?? '8080', 10);
  const security = securityEnvSchema.parse(process.env);
  const gateway = await createGateway({
    port,
    host: process.env.HOST ?? '127.0.0.1',
    apiUrl: process.env.API_URL ?? 'http://127.0.0.1:3000',
    storeDir: path.resolve(process.env.RELEASE_STORE ?? DEFAULT_STORE_DIR),
    hostDist: path.resolve(process.env.HOST_DIST ?? DEFAULT_HOST_DIST),
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    trustProxy: security.GATEWAY_TRUST_PROXY,
    hsts: security.HSTS,
    documentMaxMb: documentMaxMb(process.env.DOCUMENT_MAX_MB),
  });
  console.log(`gateway listening on ${gateway.url}`);
  const stop = () => {
    void gateway.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
