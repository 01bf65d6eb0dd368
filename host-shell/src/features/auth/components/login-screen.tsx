import styled from 'styled-components';
import { Card } from 'shared-ui';
import { AtaaLogo } from '../../../components/ataa-logo';
import { LOGIN_PATTERN_URL } from '../assets/login-pattern';
import { LoginForm, type LoginFormProps } from './login-form';

/**
 * Full height, the pattern over a deep teal gradient, and a dark overlay on top
 * (docs/shell.md#screens-and-routes).
 */
const Screen = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xl};
  min-block-size: 100vh;
  min-block-size: 100dvh;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
  background:
    linear-gradient(rgba(6, 16, 18, 0.62), rgba(6, 16, 18, 0.74)),
    ${LOGIN_PATTERN_URL} center / 96px 96px repeat,
    linear-gradient(135deg, #0b4f49 0%, #0f6e66 45%, #123c5a 100%);
  color: #ffffff;
`;

const Brand = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  text-align: center;
`;

const Tagline = styled.p`
  color: rgba(255, 255, 255, 0.86);
  font-size: ${({ theme }) => theme.font.size.md};
`;

const LoginCard = styled(Card)`
  inline-size: 100%;
  max-inline-size: 26rem;
  box-shadow: ${({ theme }) => theme.shadows.lg};
`;

const Heading = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xl};
  margin-block-end: ${({ theme }) => theme.space.xs};
`;

const Intro = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin-block-end: ${({ theme }) => theme.space.lg};
`;

/**
 * What the login page shows (docs/shell.md#screens-and-routes): the brand over the patterned
 * background and the form in a card. No router and no session provider: the page at `/` renders it
 * before the authenticated shell has loaded (app/login-root.tsx), and the shell's own `/` route
 * renders it too.
 */
export function LoginScreen(props: LoginFormProps) {
  return (
    <Screen>
      <Brand>
        <AtaaLogo size={72} />
        <Tagline>نظام إدارة خدمات الجمعية الخيرية</Tagline>
      </Brand>
      <LoginCard as="main" aria-labelledby="login-heading">
        <Heading id="login-heading">تسجيل الدخول</Heading>
        <Intro>أدخل بريدك الإلكتروني وكلمة المرور للمتابعة.</Intro>
        <LoginForm {...props} />
      </LoginCard>
    </Screen>
  );
}
