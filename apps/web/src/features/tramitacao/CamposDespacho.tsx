import { Grid } from '@mui/material';
import { exigeHipoteseLegal, NIVEIS_ACESSO, type NivelAcesso, ROTULOS_NIVEL_ACESSO } from '@tramite/shared';
import { type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';
import { CampoDespacho } from '../../components/CampoDespacho';
import { CampoSelecaoControlado, type OpcaoSelecao } from '../../components/formulario/CampoSelecaoControlado';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useHipotesesLegais } from '../documentos/api';
import type { ValoresDespacho } from './formulario-envio';
import { TEXTOS, TIPOS_DESPACHO } from './textos';

type NomeCampo = keyof ValoresDespacho;

const TERCO = { xs: 12, md: 4 };
const NIVEIS = NIVEIS_ACESSO.map((nivel) => ({ valor: nivel, rotulo: ROTULOS_NIVEL_ACESSO[nivel] }));

interface CamposDespachoProps<T extends ValoresDespacho & FieldValues, C, R extends FieldValues> {
  id: string;
  /** The forwarding's form, whose dispatch fields these are. */
  formulario: UseFormReturn<T, C, R>;
  /** The single-document screen also offers the despacho preparatório. */
  comPreparatorio?: boolean;
  /** Runs when the user changes a field, with it and any field the change cleared (a screen clears their messages). */
  aoMudar?: (campos: readonly NomeCampo[]) => void;
}

/** Despacho, its type and access level, the legal hypothesis when restricted, and the despacho preparatório. */
export function CamposDespacho<T extends ValoresDespacho & FieldValues, C, R extends FieldValues>({
  id,
  formulario,
  comPreparatorio = false,
  aoMudar,
}: CamposDespachoProps<T, C, R>) {
  // Every forwarding form names its dispatch fields the same: this view of the form sees only those.
  const { control, setValue } = formulario as unknown as UseFormReturn<ValoresDespacho>;
  const restrito = exigeHipoteseLegal(useWatch({ control, name: 'nivelAcesso' }));
  const hipoteses = useHipotesesLegais(restrito);
  useErroConsulta(hipoteses.error, TEXTOS.erroCarregarHipoteses);
  const hipotesesComoOpcoes = (hipoteses.data ?? []).map((hipotese) => ({
    valor: hipotese.id,
    rotulo: hipotese.descricao,
  }));

  function mudarNivel(nivel: NivelAcesso | null) {
    if (nivel !== null && exigeHipoteseLegal(nivel)) {
      aoMudar?.(['nivelAcesso']);
      return;
    }
    setValue('idHipoteseLegal', null);
    aoMudar?.(['nivelAcesso', 'idHipoteseLegal']);
  }

  /** The props every field shares: the form, its name, its id (the prefix and its own), what a change clears. */
  const campo = (name: NomeCampo, sufixo: string) => ({
    control,
    name,
    id: `${id}-${sufixo}`,
    aoMudar: () => aoMudar?.([name]),
  });
  /** ...and those of the three lists side by side under the despacho. */
  const lista = <V extends string | number>(
    name: NomeCampo,
    sufixo: string,
    rotulo: string,
    opcoes: readonly OpcaoSelecao<V>[],
  ) => ({ ...campo(name, sufixo), rotulo, opcoes, fullWidth: true });

  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <CampoDespacho {...campo('despacho', 'despacho')} label="Despacho" />
      </Grid>
      <Grid size={TERCO}>
        <CampoSelecaoControlado {...lista('tipoDespacho', 'tipo-despacho', 'Tipo de despacho', TIPOS_DESPACHO)} />
      </Grid>
      <Grid size={TERCO}>
        <CampoSelecaoControlado
          {...lista('nivelAcesso', 'nivel-acesso', 'Nível de acesso', NIVEIS)}
          aoMudar={mudarNivel}
        />
      </Grid>
      <Grid size={TERCO}>
        {restrito ? (
          <CampoSelecaoControlado
            {...lista('idHipoteseLegal', 'hipotese-legal', 'Hipótese legal', hipotesesComoOpcoes)}
            textoAjuda={hipoteses.isLoading ? 'Carregando hipóteses legais…' : undefined}
            required
          />
        ) : null}
      </Grid>
      {comPreparatorio ? (
        <Grid size={12}>
          <CampoDespacho
            {...campo('despachoPreparatorio', 'despacho-preparatorio')}
            label="Despacho preparatório"
            linhas={3}
            textoAjuda='Pode ser salvo antes do envio, junto com o despacho, em "Salvar despacho".'
          />
        </Grid>
      ) : null}
    </Grid>
  );
}
