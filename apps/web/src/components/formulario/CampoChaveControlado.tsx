import { Switch } from '@mui/material';
import type { FieldValues } from 'react-hook-form';
import { type CampoMarcacaoControladoProps, MarcacaoControlada } from './CampoMarcacaoControlado';

/** A setting turned on or off in a react-hook-form form: CampoMarcacaoControlado shown as a switch. */
export function CampoChaveControlado<T extends FieldValues, C, R>(props: CampoMarcacaoControladoProps<T, C, R>) {
  return <MarcacaoControlada {...props} Controle={Switch} />;
}
