import type { ComponentType, LazyExoticComponent } from 'react';
import type { RemoteName } from './remotes';
import type { PageIdOf } from './routes';

/**
 * What a remote's `./pages` module default-exports: exactly one lazily loaded component per page
 * id the route table gives that remote. A missing or extra page id is a compile error.
 */
export type RemotePages<R extends RemoteName> = {
  readonly [K in PageIdOf<R>]: LazyExoticComponent<ComponentType>;
};

export interface RemotePagesModule<R extends RemoteName = RemoteName> {
  default: RemotePages<R>;
}
