import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { ptBR } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/pt-br';
import { type Control, useController } from 'react-hook-form';
import type { CamposRelatorio, FiltrosRelatorio } from './formulario-relatorio';

const TEXTOS_PT_BR = ptBR.components.MuiLocalizationProvider.defaultProps.localeText;

interface CampoDataHoraProps {
  control: Control<CamposRelatorio, unknown, FiltrosRelatorio>;
  name: 'inicio' | 'fim';
  id: string;
  rotulo: string;
  erro: boolean;
}

/** A bound of the report form, typed or picked as DD/MM/YYYY HH:mm (24 h) in pt-BR, whatever the browser's language. */
export function CampoDataHora({ control, name, id, rotulo, erro }: CampoDataHoraProps) {
  const { field } = useController({ control, name });
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="pt-br" localeText={TEXTOS_PT_BR}>
      <DateTimePicker
        label={rotulo}
        value={field.value}
        onChange={field.onChange}
        format="DD/MM/YYYY HH:mm"
        ampm={false}
        slotProps={{ textField: { id, required: true, error: erro, fullWidth: true } }}
      />
    </LocalizationProvider>
  );
}
