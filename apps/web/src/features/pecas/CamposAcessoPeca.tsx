import { Grid } from '@mui/material';
import {
  exigeHipoteseLegal,
  type HipoteseLegal,
  NIVEIS_ACESSO,
  type NivelAcesso,
  ROTULOS_NIVEL_ACESSO,
  ROTULOS_TIPO_COPIA,
  TIPOS_COPIA,
  type TipoCopia,
} from '@tramite/shared';
import type { ComponentProps } from 'react';
import { type FieldValues, useFormContext, useWatch } from 'react-hook-form';
import { CampoSelecaoControlado } from '../../components/formulario/CampoSelecaoControlado';
import { TEXTOS } from './textos';

/** The three fields as the form holds them (the copy type is null until chosen). */
export interface ValoresAcesso {
  tipoCopia: TipoCopia | null;
  nivelAcesso: NivelAcesso;
  idHipoteseLegal: number | null;
}

const OPCOES_TIPO_COPIA = TIPOS_COPIA.map((tipo) => ({ valor: tipo, rotulo: ROTULOS_TIPO_COPIA[tipo] }));
const OPCOES_NIVEL_ACESSO = NIVEIS_ACESSO.map((nivel) => ({ valor: nivel, rotulo: ROTULOS_NIVEL_ACESSO[nivel] }));

type PropriedadesLista = Omit<
  ComponentProps<typeof CampoSelecaoControlado<FieldValues, unknown, FieldValues, string | number>>,
  'control' | 'name'
>;

interface CamposAcessoPecaProps {
  /** Where the fields are in the surrounding form: '' for its own, 'arquivos.2.' for one file of a list. */
  prefixo?: string;
  hipoteses: readonly HipoteseLegal[];
  carregandoHipoteses?: boolean;
  desabilitado?: boolean;
}

/**
 * Copy type, access level and, for R and S, the legal hypothesis (spec §5 "Files"), as fields of the form around
 * them; the legal hypothesis is cleared when the level no longer needs it.
 */
export function CamposAcessoPeca({
  prefixo = '',
  hipoteses,
  carregandoHipoteses,
  desabilitado,
}: CamposAcessoPecaProps) {
  const { control, setValue, trigger, formState } = useFormContext();
  const nivelAcesso: NivelAcesso = useWatch({ control, name: `${prefixo}nivelAcesso` });
  const comHipotese = exigeHipoteseLegal(nivelAcesso);
  // Once the form was sent, a field that changes (or that the level now requires) says at once whether it is missing.
  const enviado = formState.isSubmitted;
  const conferir = (campo: keyof ValoresAcesso) => {
    if (enviado) void trigger(`${prefixo}${campo}`);
  };
  // The three lists differ in what they offer and say; each is required and waits while the form does.
  const lista = (campo: keyof ValoresAcesso, largura: number, propriedades: PropriedadesLista) => (
    <Grid size={{ xs: 12, md: largura }}>
      <CampoSelecaoControlado
        control={control}
        name={`${prefixo}${campo}`}
        required
        fullWidth
        disabled={desabilitado}
        aoMudar={() => conferir(campo)}
        {...propriedades}
      />
    </Grid>
  );
  return (
    <Grid container spacing={2}>
      {lista('tipoCopia', comHipotese ? 4 : 6, {
        rotulo: 'Tipo de cópia',
        opcoes: OPCOES_TIPO_COPIA,
        textoErro: TEXTOS.informeTipoCopia,
      })}
      {lista('nivelAcesso', comHipotese ? 3 : 6, {
        rotulo: 'Nível de acesso',
        opcoes: OPCOES_NIVEL_ACESSO,
        textoAjuda: nivelAcesso === 'S' ? 'Listada só para quem tem visualização irrestrita' : undefined,
        aoMudar: (nivel) => {
          if (!exigeHipoteseLegal(nivel as NivelAcesso)) setValue(`${prefixo}idHipoteseLegal`, null);
          conferir('idHipoteseLegal');
        },
      })}
      {comHipotese
        ? lista('idHipoteseLegal', 5, {
            rotulo: 'Motivo da restrição (hipótese legal)',
            opcoes: hipoteses.map((hipotese) => ({ valor: hipotese.id, rotulo: hipotese.descricao })),
            disabled: desabilitado || carregandoHipoteses,
            textoErro: TEXTOS.informeHipotese,
            textoAjuda: carregandoHipoteses ? 'Carregando hipóteses legais…' : undefined,
          })
        : null}
    </Grid>
  );
}
