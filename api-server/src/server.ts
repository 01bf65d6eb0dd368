import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { AppConfig } from './config';

export interface StartApiServerOptions {
  config: AppConfig;
  /** 0 (the default) picks a free port: tests, e2e, bench. */
  port?: number;
  host?: string;
}

export interface RunningApiServer {
  /** Base URL including the prefix, e.g. `http://127.0.0.1:3000/api`. */
  url: string;
  /** The origin alone, e.g. `http://127.0.0.1:3000`. */
  origin: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function startApiServer(options: StartApiServerOptions): Promise<RunningApiServer> {
  const app = await buildApp(options.config);
  try {
    await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const host = options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : '127.0.0.1';
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url: `${origin}${app.settings.prefix}`,
    origin,
    app,
    close: () => (closing ??= app.close()),
  };
}
