import { Field } from '@chakra-ui/react';
import type { FormikErrors, FormikTouched } from 'formik';
import type { ReactNode } from 'react';

/** What a form needs to show of Formik's state for one field's message. */
interface FormikFieldState<Values> {
  touched: FormikTouched<Values>;
  errors: FormikErrors<Values>;
  submitCount: number;
}

/**
 * A field's validation message once the shopper has left the field or pressed submit, so a form does not
 * greet them with errors for fields they have not reached yet.
 */
export function errorOf<Values>(
  formik: FormikFieldState<Values>,
  field: keyof Values & string,
): string | undefined {
  if (!formik.touched[field] && formik.submitCount === 0) return undefined;
  const error = formik.errors[field];
  return typeof error === 'string' ? error : undefined;
}

export interface FormFieldProps extends Omit<Field.RootProps, 'invalid' | 'children'> {
  label: ReactNode;
  /** The message to show; the field is marked invalid while there is one. */
  error?: string;
  /** A hint below the control. */
  helperText?: ReactNode;
  helperTestId?: string;
  /** The label's id, for a control that names itself by it (aria-labelledby), such as a radio group. */
  labelId?: string;
  /** A required field shows the asterisk unless the label itself says so. */
  requiredIndicator?: boolean;
  /** The control: an Input, a Textarea, a RadioGroup… */
  children: ReactNode;
}

/** One labelled form control with its hint and its validation message, as every form of the shop shows them. */
export function FormField({
  label,
  error,
  helperText,
  helperTestId,
  labelId,
  required,
  requiredIndicator = true,
  children,
  ...root
}: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} {...root}>
      <Field.Label {...(labelId ? { id: labelId } : {})}>
        {label}
        {required && requiredIndicator && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helperText !== undefined && (
        <Field.HelperText data-testid={helperTestId}>{helperText}</Field.HelperText>
      )}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
