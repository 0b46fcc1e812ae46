import { zodResolver } from '@hookform/resolvers/zod';
import { autuacaoComRegrasSchema } from '@tramite/shared';

/** The opening form's schema as a react-hook-form resolver: with zod, loaded at the first validation (issue 23). */
export const resolverSchema = zodResolver(autuacaoComRegrasSchema);
