import { Grid, Typography } from '@mui/material';
import {
  type Calendario,
  dataBr,
  type Passo,
  PRAZO_MAXIMO_DIAS,
  somarDias,
  TIPOS_PASSO_SEM_PRAZO,
} from '@tramite/shared';
import { useEffect, useRef } from 'react';
import { type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';
import { CampoData } from '../../components/CampoData';
import { CampoDataControlado } from '../../components/formulario/CampoDataControlado';
import { CampoOpcoesControlado } from '../../components/formulario/CampoOpcoesControlado';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { type ModoPrazo, prazoPadraoDoPasso, type ValoresPrazo } from './formulario-envio';

const OPCOES: { valor: ModoPrazo; rotulo: string }[] = [
  { valor: 'SEM', rotulo: 'Sem prazo' },
  { valor: 'DATA', rotulo: 'Data' },
  { valor: 'DIAS', rotulo: 'Dias úteis' },
];

const METADE = { xs: 12, md: 6 };

interface CamposPrazoProps<T extends ValoresPrazo & FieldValues, C, R extends FieldValues> {
  id: string;
  formulario: UseFormReturn<T, C, R>;
  /** The chosen step: its default comes preselected; ARQUIVAR and CONCLUIR take no deadline (the group hides). */
  passo: Passo | null;
  /** The business-day calendar, null while it loads (days without work are not greyed out yet). */
  calendario: Calendario | null;
  hoje: string;
  aoMudar?: (campos: readonly (keyof ValoresPrazo)[]) => void;
}

/**
 * The "Prazo" group of a forwarding (issue 20): no deadline, a date (days without work greyed out) or N business
 * days (the date it falls on shown), preset by the chosen step's default; and an optional scheduled return.
 */
export function CamposPrazo<T extends ValoresPrazo & FieldValues, C, R extends FieldValues>({
  id,
  formulario,
  passo,
  calendario,
  hoje,
  aoMudar,
}: CamposPrazoProps<T, C, R>) {
  // Every forwarding form names its deadline fields the same: this view of the form sees only those.
  const { control, setValue } = formulario as unknown as UseFormReturn<ValoresPrazo>;
  const modo = useWatch({ control, name: 'modoPrazo' });
  const dias = useWatch({ control, name: 'diasUteisPrazo' });
  const idPasso = passo?.id ?? null;
  const ultimoPasso = useRef<number | null>(null);
  // A newly chosen step presets its default (or no deadline).
  useEffect(() => {
    if (idPasso === ultimoPasso.current) return;
    ultimoPasso.current = idPasso;
    const padrao = prazoPadraoDoPasso(passo);
    setValue('modoPrazo', padrao.modoPrazo);
    setValue('diasUteisPrazo', padrao.diasUteisPrazo);
  }, [idPasso, passo, setValue]);

  if (!passo || TIPOS_PASSO_SEM_PRAZO.includes(passo.tipo)) return null;

  const n = Number(dias);
  const venceEm =
    modo === 'DIAS' && calendario && Number.isInteger(n) && n >= 1 && n <= PRAZO_MAXIMO_DIAS
      ? calendario.somarDiasUteis(hoje, n)
      : null;
  const diaDesabilitado = calendario ? (data: string) => data !== '' && !calendario.ehDiaUtil(data) : undefined;
  const maximo = somarDias(hoje, PRAZO_MAXIMO_DIAS);
  const padrao = passo.prazoDiasUteis
    ? `Padrão do passo: ${passo.prazoDiasUteis === 1 ? '1 dia útil' : `${passo.prazoDiasUteis} dias úteis`}`
    : 'Este passo não tem prazo padrão';

  return (
    <Grid container spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }} data-testid="campos-prazo">
      <Grid size={12}>
        <CampoOpcoesControlado
          control={control}
          name="modoPrazo"
          rotulo="Prazo para o destino"
          opcoes={OPCOES}
          emLinha
          aoMudar={() => aoMudar?.(['modoPrazo', 'dataPrazo', 'diasUteisPrazo'])}
        />
        <Typography variant="body2" color="text.secondary" data-testid="prazo-padrao-passo">
          {padrao}
        </Typography>
      </Grid>
      {modo === 'DATA' ? (
        <Grid size={METADE}>
          <CampoDataControlado
            Campo={CampoData}
            control={control}
            name="dataPrazo"
            id={`${id}-data-prazo`}
            rotulo="Data do prazo"
            obrigatorio
            minimo={hoje}
            maximo={maximo}
            diaDesabilitado={diaDesabilitado}
          />
        </Grid>
      ) : null}
      {modo === 'DIAS' ? (
        <Grid size={METADE}>
          <CampoTextoControlado
            control={control}
            name="diasUteisPrazo"
            id={`${id}-dias-prazo`}
            label="Dias úteis"
            type="number"
            required
            fullWidth
            maxLength={3}
            atributosEntrada={{ min: 1, max: PRAZO_MAXIMO_DIAS, inputMode: 'numeric' }}
            textoAjuda={venceEm ? `Vence em ${dataBr(venceEm)}` : `De 1 a ${PRAZO_MAXIMO_DIAS} dias úteis`}
            aoMudar={() => aoMudar?.(['diasUteisPrazo'])}
          />
        </Grid>
      ) : null}
      <Grid size={METADE}>
        <CampoDataControlado
          Campo={CampoData}
          control={control}
          name="retornoProgramado"
          id={`${id}-retorno-programado`}
          rotulo="Retorno programado (opcional)"
          minimo={hoje}
          maximo={maximo}
          diaDesabilitado={diaDesabilitado}
          textoAjuda="Data em que o documento deve voltar à sua unidade"
        />
      </Grid>
    </Grid>
  );
}
