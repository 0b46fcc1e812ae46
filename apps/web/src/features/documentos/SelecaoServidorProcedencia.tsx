import { MenuItem, TextField } from '@mui/material';
import type { ServidorProcedencia } from '@tramite/shared';
import { AJUDA_LEGIVEL } from '../../components/entrada-autocomplete-leve';
import {
  AJUDA_SEM_UNIDADE,
  ID_SERVIDOR_PROCEDENCIA,
  ROTULO_SERVIDOR_PROCEDENCIA,
} from './rotulos-servidor-procedencia';

export interface SelecaoServidorProcedenciaProps {
  /** The synthetic 'TODOS' entry first, then the unit's employees. */
  opcoes: readonly ServidorProcedencia[];
  valor: string;
  aoMudar: (valor: string) => void;
  /** Without an origin unit the list is disabled, and the hint says why. */
  semUnidade: boolean;
}

/**
 * The search's "Servidor da unidade de procedência" (logged-in users only): a MUI select, loaded after the form
 * (issue 23: TextField's Select, Menu and Modal are some 20 KB the anonymous search never needs).
 */
export function SelecaoServidorProcedencia({ opcoes, valor, aoMudar, semUnidade }: SelecaoServidorProcedenciaProps) {
  return (
    <TextField
      select
      id={ID_SERVIDOR_PROCEDENCIA}
      label={ROTULO_SERVIDOR_PROCEDENCIA}
      fullWidth
      value={opcoes.some((servidor) => String(servidor.id) === valor) ? valor : ''}
      onChange={(evento) => aoMudar(evento.target.value)}
      disabled={semUnidade}
      helperText={semUnidade ? AJUDA_SEM_UNIDADE : undefined}
      slotProps={{ formHelperText: AJUDA_LEGIVEL }}
    >
      <MenuItem value="">
        <em>Nenhum</em>
      </MenuItem>
      {opcoes.map((servidor) => (
        <MenuItem key={servidor.id} value={String(servidor.id)}>
          {servidor.nome}
        </MenuItem>
      ))}
    </TextField>
  );
}
