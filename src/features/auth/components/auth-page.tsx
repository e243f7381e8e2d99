import { Card, Container, Heading, Tabs, Text } from '@chakra-ui/react';
import { Navigate, useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { authTexts } from '../texts';
import { useHydrated } from '@/lib/use-hydrated';
import { signIn, signUp } from '../api/auth-actions';
import { useAuth } from '../api/use-auth';
import { authErrorMessage } from '../model/auth-error-message';
import { signInSchema, signUpSchema, type Credentials } from '../model/credentials-schema';
import { CredentialsForm } from './credentials-form';

const t = authTexts;

const firebaseActions = { signIn, signUp };

/**
 * /auth: sign in (default tab) or sign up; a signed-in shopper is sent home. `actions` are Firebase Auth's
 * unless a component test gives its own (so it replaces no module).
 */
export default function AuthPage({ actions = firebaseActions }: { actions?: typeof firebaseActions }) {
  const { user } = useAuth();
  const hydrated = useHydrated();
  const navigate = useNavigate();

  // While Firebase is still saying who is there (its code loads after the first paint), the form is shown as
  // is: the page keeps its layout instead of swapping a spinner for the card. A signed-in shopper is sent home.
  if (user) return <Navigate to="/" replace />;

  const handleSignIn = async (credentials: Credentials) => {
    try {
      await actions.signIn(credentials);
    } catch (error) {
      notifyError(t.toast.signInError, authErrorMessage(error), error);
      throw error;
    }
    notifySuccess(t.toast.signInSuccess, t.toast.signInSuccessText);
    navigate('/');
  };

  const handleSignUp = async (credentials: Credentials) => {
    let verificationSent: boolean;
    try {
      ({ verificationSent } = await actions.signUp(credentials));
    } catch (error) {
      notifyError(t.toast.signUpError, authErrorMessage(error), error);
      throw error;
    }
    notifySuccess(
      t.toast.signUpSuccess,
      verificationSent ? t.toast.verificationSent(credentials.email.trim()) : t.toast.verificationNotSent,
    );
    navigate('/');
  };

  return (
    <Container maxW="md" py={{ base: '8', md: '16' }}>
      <Card.Root>
        <Card.Header textAlign="center">
          <Heading as="h1" size="xl">
            {t.title}
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            {t.subtitle}
          </Text>
        </Card.Header>
        <Card.Body>
          <Tabs.Root defaultValue="sign-in" variant="enclosed" fitted colorPalette="brand">
            <Tabs.List width="full">
              {/* Prerendered: usable once the page's code runs (a click before that would be lost). */}
              <Tabs.Trigger value="sign-in" disabled={!hydrated}>
                {t.signInTab}
              </Tabs.Trigger>
              <Tabs.Trigger value="sign-up" disabled={!hydrated}>
                {t.signUpTab}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="sign-in" pt="6">
              <CredentialsForm
                id="sign-in"
                schema={signInSchema}
                submitLabel={t.signInButton}
                onSubmit={handleSignIn}
              />
            </Tabs.Content>
            <Tabs.Content value="sign-up" pt="6">
              <CredentialsForm
                id="sign-up"
                schema={signUpSchema}
                submitLabel={t.signUpButton}
                onSubmit={handleSignUp}
              />
            </Tabs.Content>
          </Tabs.Root>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
