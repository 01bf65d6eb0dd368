// Lets every styled component read `props.theme` as AppTheme without casts.
import 'styled-components';
import type { AppTheme } from './theme/tokens';

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends AppTheme {}
}
