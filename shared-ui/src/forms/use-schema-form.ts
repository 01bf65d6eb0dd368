import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';

/** A form schema: its input is the form's values (an object), its output what is sent. */
export type FormSchema = z.ZodType<unknown, FieldValues>;

export type SchemaFormReturn<S extends FormSchema> = UseFormReturn<
  z.input<S>,
  unknown,
  z.output<S>
>;

/**
 * react-hook-form driven by a shared-contracts zod schema: the values are the schema's input
 * (what the fields hold: typed text, '' for blank), and `handleSubmit` / `useRecordFormSave`
 * hand over the schema's output (what the API takes), with the Arabic messages under each field.
 * One typed entry point, so no form needs a cast between the two.
 */
export function useSchemaForm<S extends FormSchema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): SchemaFormReturn<S> {
  // zodResolver's overloads cannot resolve a schema known only as a type parameter; at run time
  // it is exactly a resolver from the schema's input to its output.
  const resolver = zodResolver(schema as never) as unknown as Resolver<
    z.input<S>,
    unknown,
    z.output<S>
  >;
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver });
}
