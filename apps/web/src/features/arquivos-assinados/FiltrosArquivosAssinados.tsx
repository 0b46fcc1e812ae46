import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mui/material';
import {
  type FiltrosArquivosAssinados as Filtros,
  filtrosArquivosAssinadosSchema,
  MENSAGENS,
  validarFiltrosArquivosAssinados,
} from '@tramite/shared';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CampoData } from '../../components/CampoData';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { CampoMarcacaoControlado } from '../../components/formulario/CampoMarcacaoControlado';
import { CampoSelecaoControlado } from '../../components/formulario/CampoSelecaoControlado';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { Formulario } from '../../components/formulario/Formulario';
import { IntervaloDatasControlado } from '../../components/formulario/IntervaloDatasControlado';
import { primeiraMensagem } from '../../components/formulario/primeira-mensagem';

/** The fields, named as the list's query names them. */
interface CamposFiltros {
  vinculados: '' | 'true' | 'false';
  usuarioAssinante: string;
  dataAssinaturaInicio: string;
  dataAssinaturaFim: string;
  arquivosAssinadosUsuario: boolean;
}

const FILTROS_VAZIOS: CamposFiltros = {
  vinculados: '',
  usuarioAssinante: '',
  dataAssinaturaInicio: '',
  dataAssinaturaFim: '',
  arquivosAssinadosUsuario: false,
};

/**
 * The list's query (filtrosArquivosAssinadosSchema, the ticked box being its 'true') and its rule about the signing
 * dates, whose message is the form's own ('root'): the snackbar says it and both dates are marked until the next search.
 */
const filtrosSchema = z.preprocess(
  (campos: CamposFiltros) => ({ ...campos, arquivosAssinadosUsuario: campos.arquivosAssinadosUsuario ? 'true' : '' }),
  filtrosArquivosAssinadosSchema.superRefine((filtros, contexto) => {
    const problema = validarFiltrosArquivosAssinados(filtros);
    if (problema) contexto.addIssue({ code: 'custom', path: ['root'], message: problema });
  }),
);

const VINCULOS = [
  { valor: '', rotulo: 'Todos' },
  { valor: 'true', rotulo: 'Vinculados a documento' },
  { valor: 'false', rotulo: 'Não vinculados' },
] as const;

interface FiltrosArquivosAssinadosProps {
  aoBuscar: (filtros: Filtros) => void;
  aoLimpar: () => void;
}

/** Spec §2: link, signer, signing date range and own files. */
export function FiltrosArquivosAssinados({ aoBuscar, aoLimpar }: FiltrosArquivosAssinadosProps) {
  const snackbar = useSnackbar();
  const formulario = useForm({
    resolver: zodResolver(filtrosSchema),
    defaultValues: FILTROS_VAZIOS,
    shouldFocusError: false,
  });
  const { control, formState, reset } = formulario;
  return (
    <Formulario
      formulario={formulario}
      aoEnviar={(filtros) => aoBuscar(filtros as Filtros)}
      aoInvalidar={(erros) => snackbar.erro(primeiraMensagem(erros) ?? MENSAGENS.geral.parametrosInvalidos)}
      aria-label="Filtros dos arquivos assinados"
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <CampoSelecaoControlado
          control={control}
          name="vinculados"
          rotulo="Vínculo"
          opcoes={VINCULOS}
          sx={{ minWidth: 220 }}
        />
        <CampoTextoControlado
          control={control}
          name="usuarioAssinante"
          label="Assinado por"
          textoAjuda="Nome (ou parte dele) de quem assinou"
          maxLength={200}
        />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'flex-end' } }}>
        <IntervaloDatasControlado
          control={control}
          nomeInicio="dataAssinaturaInicio"
          nomeFim="dataAssinaturaFim"
          Campo={CampoData}
          legenda="Data da assinatura"
          rotuloInicio="Data inicial"
          rotuloFim="Data final"
          erro={Boolean(formState.errors.root)}
        />
        <CampoMarcacaoControlado control={control} name="arquivosAssinadosUsuario" rotulo="Somente os meus arquivos" />
      </Stack>
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained">
          Buscar
        </Button>
        <Button
          onClick={() => {
            reset();
            aoLimpar();
          }}
        >
          Limpar filtros
        </Button>
      </Stack>
    </Formulario>
  );
}
