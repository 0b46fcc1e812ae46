import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { ptBR } from '@mui/x-date-pickers/locales';
import type { Dayjs } from 'dayjs';
import 'dayjs/locale/pt-br';

const TEXTOS_PT_BR = ptBR.components.MuiLocalizationProvider.defaultProps.localeText;

interface CampoDataHoraProps {
  id: string;
  rotulo: string;
  valor: Dayjs | null;
  aoMudar: (valor: Dayjs | null) => void;
  erro?: boolean;
}

/** A date and time typed or picked as DD/MM/YYYY HH:mm (24 h) in pt-BR, whatever the browser's language. */
export function CampoDataHora({ id, rotulo, valor, aoMudar, erro }: CampoDataHoraProps) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="pt-br" localeText={TEXTOS_PT_BR}>
      <DateTimePicker
        label={rotulo}
        value={valor}
        onChange={aoMudar}
        format="DD/MM/YYYY HH:mm"
        ampm={false}
        slotProps={{ textField: { id, required: true, error: erro, fullWidth: true } }}
      />
    </LocalizationProvider>
  );
}
