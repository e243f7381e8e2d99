import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useFormik } from 'formik';
import type { ObjectSchema } from 'yup';
import { bn } from '@/i18n/bn';
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
  const emailError = formik.touched.email ? formik.errors.email : undefined;
  const passwordError = formik.touched.password ? formik.errors.password : undefined;

  return (
    <form onSubmit={formik.handleSubmit} noValidate aria-label={submitLabel}>
      <Stack gap="4">
        <Field.Root id={`${id}-email`} invalid={Boolean(emailError)} required disabled={!hydrated}>
          <Field.Label>
            {bn.auth.email}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={bn.auth.emailPlaceholder}
            {...formik.getFieldProps('email')}
          />
          <Field.ErrorText>{emailError}</Field.ErrorText>
        </Field.Root>
        <Field.Root id={`${id}-password`} invalid={Boolean(passwordError)} required disabled={!hydrated}>
          <Field.Label>
            {bn.auth.password}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="password"
            autoComplete={id === 'sign-in' ? 'current-password' : 'new-password'}
            {...formik.getFieldProps('password')}
          />
          <Field.ErrorText>{passwordError}</Field.ErrorText>
        </Field.Root>
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
