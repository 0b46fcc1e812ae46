import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { ptBR } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/pt-br';
import { useState } from 'react';
import { FORMATO_DATA, FORMATO_DATA_API } from '../lib/formatacao';
import { type CampoDataProps, propsTextoData, useEstadoCampoData } from './CampoDataLeve';

const TEXTOS_PT_BR = ptBR.components.MuiLocalizationProvider.defaultProps.localeText;

interface CampoDataCompletoProps extends CampoDataProps {
  /** Opens the calendar at once (the user pressed the calendar button of the light field). */
  abertoAoMontar?: boolean;
}

function paraDayjs(valor: string): Dayjs | null {
  return valor ? dayjs(valor) : null;
}

/** YYYY-MM-DD, or '' while the date is incomplete or invalid. */
function paraIso(data: Dayjs | null): string {
  return data?.isValid() ? data.format(FORMATO_DATA_API) : '';
}

/**
 * A date typed or picked as DD/MM/YYYY in pt-BR whatever the browser's language (spec §9), handed to the form as
 * YYYY-MM-DD. A date still being typed stays in the field and counts as empty until it is complete. Loaded on
 * demand by CampoData (MUI X pickers weigh about 50 KB gzip).
 */
export function CampoDataCompleto(props: CampoDataCompletoProps) {
  const { rotulo, valor, aoMudar, minimo, maximo, diaDesabilitado, abertoAoMontar = false } = props;
  const [interno, setInterno] = useEstadoCampoData(valor, paraDayjs, paraIso);
  const [aberto, setAberto] = useState(abertoAoMontar);

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="pt-br" localeText={TEXTOS_PT_BR}>
      <DatePicker
        label={rotulo}
        value={interno}
        open={aberto}
        onOpen={() => setAberto(true)}
        onClose={() => setAberto(false)}
        format={FORMATO_DATA}
        onChange={(novo) => {
          setInterno(novo);
          aoMudar(paraIso(novo));
        }}
        minDate={minimo ? (paraDayjs(minimo) ?? undefined) : undefined}
        maxDate={maximo ? (paraDayjs(maximo) ?? undefined) : undefined}
        shouldDisableDate={diaDesabilitado ? (dia) => diaDesabilitado(paraIso(dia)) : undefined}
        slotProps={{ textField: propsTextoData(props), field: { clearable: true } }}
      />
    </LocalizationProvider>
  );
}
