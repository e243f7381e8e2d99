import { Button, Input, Stack } from '@chakra-ui/react';
import { useFormik } from 'formik';
import type { ObjectSchema } from 'yup';
import { errorOf, FormField } from '@/components/ui/form-field';
import { authTexts } from '../texts';
import { useHydrated } from '@/lib/use-hydrated';
import type { Credentials } from '../model/credentials-schema';

interface CredentialsFormProps {
  /** Used to keep the two tabs' field ids apart. */
  id: 'sign-in' | 'sign-up';
  schema: ObjectSchema<Credentials>;
  submitLabel: string;
  /** Resolves when done; a rejection is the caller's to report, the form only stops its spinner. */
  onSubmit: (credentials: Credentials) => Promise<void>;
}

/** E-mail + password, validated as the shopper types, with the submit button spinning while it works. */
export function CredentialsForm({ id, schema, submitLabel, onSubmit }: CredentialsFormProps) {
  const formik = useFormik<Credentials>({
    initialValues: { email: '', password: '' },
    validationSchema: schema,
    onSubmit: async (values) => {
      try {
        await onSubmit(schema.cast(values));
      } catch {
        // Already reported by onSubmit's owner (a toast); the form just becomes usable again.
      }
    },
  });
  const hydrated = useHydrated();

  return (
    <form onSubmit={formik.handleSubmit} noValidate aria-label={submitLabel}>
      <Stack gap="4">
        <FormField
          id={`${id}-email`}
          label={authTexts.email}
          required
          disabled={!hydrated}
          error={errorOf(formik, 'email')}
        >
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={authTexts.emailPlaceholder}
            {...formik.getFieldProps('email')}
          />
        </FormField>
        <FormField
          id={`${id}-password`}
          label={authTexts.password}
          required
          disabled={!hydrated}
          error={errorOf(formik, 'password')}
        >
          <Input
            type="password"
            autoComplete={id === 'sign-in' ? 'current-password' : 'new-password'}
            {...formik.getFieldProps('password')}
          />
        </FormField>
        <Button
          type="submit"
          colorPalette="brand"
          loading={formik.isSubmitting}
          disabled={!hydrated}
          width="full"
        >
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
