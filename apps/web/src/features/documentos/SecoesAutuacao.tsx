import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { Button, Grid, Paper, Stack, Typography } from '@mui/material';
import {
  type Assunto,
  MINIMO_CARACTERES_NOME_INTERESSADO,
  rotuloTipoInteressado,
  type TipoDocumento,
  type TipoEntidade,
  type Unidade,
} from '@tramite/shared';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { CampoDataLeve } from '../../components/CampoDataLeve';
import { CampoEntidadeLeve } from '../../components/CampoEntidadeLeve';
import { CampoDataControlado } from '../../components/formulario/CampoDataControlado';
import { CampoMarcacaoControlado } from '../../components/formulario/CampoMarcacaoControlado';
import { CampoSelecaoControlado } from '../../components/formulario/CampoSelecaoControlado';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { SelecaoPorIdControlada } from '../../components/formulario/SelecaoPorIdControlada';
import { SelecaoPorIdLeve } from '../../components/SelecaoPorIdLeve';
import { buscarInteressados } from './api';
import { useFormularioAutuacao } from './campos-autuacao';
import { type Lista, opcoesDa } from './listas';
import { MENSAGENS_INTERESSADO, ORIGENS } from './textos';

function Secao({ titulo, children }: { titulo: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 2 }}>
        {titulo}
      </Typography>
      {children}
    </Paper>
  );
}

const METADE = { xs: 12, md: 6 } as const;

/** The fixed props of each field: its name, the id its label and the tests use, its label and limits. */
const CAMPOS = {
  tipoDocumento: {
    name: 'idTipoDocumento',
    id: 'campo-tipo-documento',
    rotulo: 'Tipo de documento',
    obrigatorio: true,
  },
  procedencia: { name: 'idProcedencia', id: 'campo-procedencia', rotulo: 'Unidade de procedência', obrigatorio: true },
  origem: {
    name: 'origem',
    id: 'campo-origem',
    rotulo: 'Origem do documento',
    opcoes: ORIGENS,
    textoAjuda: 'Documentos físicos e híbridos não podem ser editados depois.',
  },
  volumoso: { name: 'volumoso', rotulo: 'Volumoso', textoAjuda: 'Aceita arquivos de até 50 MiB em vez de 5 MiB.' },
  tipoInteressado: { name: 'tipoInteressado', id: 'campo-tipo-interessado', rotulo: 'Tipo de interessado' },
  assunto: { name: 'idAssunto', id: 'campo-assunto', rotulo: 'Assunto', obrigatorio: true },
  resumo: { name: 'resumoAssunto', id: 'campo-resumo-assunto', label: 'Resumo do assunto', maxLength: 2000 },
  urgente: { name: 'urgente', rotulo: 'Urgente' },
  motivoUrgencia: { name: 'motivoUrgencia', id: 'campo-motivo-urgencia', label: 'Motivo da urgência', maxLength: 1000 },
  numeroOrigem: { name: 'numeroDocumentoOrigem', id: 'campo-numero-documento-origem', maxLength: 60 },
  emissor: { name: 'emissorDocumentoOrigem', id: 'campo-emissor', label: 'Emissor', maxLength: 200 },
  dataOrigem: { name: 'dataDocumentoOrigem', id: 'campo-data-documento-origem', rotulo: 'Data do documento de origem' },
  dataRecebimento: { name: 'dataRecebimento', id: 'campo-data-recebimento', rotulo: 'Data de recebimento' },
  observacao: { name: 'observacao', id: 'campo-observacao', label: 'Observação', maxLength: 4000 },
} as const;

/** Type, origin unit, origin (estado 32002) and size class (estado 32005). */
export function SecaoDocumento({ tipos, unidades }: { tipos: Lista<TipoDocumento>; unidades: Lista<Unidade> }) {
  const { control, setValue } = useFormularioAutuacao();
  return (
    <Secao titulo="Documento">
      <Grid container spacing={2}>
        <Grid size={METADE}>
          <SelecaoPorIdControlada
            Selecao={SelecaoPorIdLeve}
            control={control}
            {...CAMPOS.tipoDocumento}
            {...opcoesDa(tipos)}
            aoMudar={() => setValue('idAssunto', null)}
            rotuloOpcao={(tipo) => tipo.descricao}
          />
        </Grid>
        <Grid size={METADE}>
          <SelecaoPorIdControlada
            Selecao={SelecaoPorIdLeve}
            control={control}
            {...CAMPOS.procedencia}
            {...opcoesDa(unidades)}
            rotuloOpcao={(unidade) => `${unidade.sigla} — ${unidade.nome}`}
          />
        </Grid>
        <Grid size={METADE}>
          <CampoSelecaoControlado control={control} {...CAMPOS.origem} fullWidth />
        </Grid>
        <Grid size={METADE}>
          <CampoMarcacaoControlado control={control} {...CAMPOS.volumoso} />
        </Grid>
      </Grid>
    </Secao>
  );
}

/** The interested party: its kind (among those the document type accepts), then the party itself. */
export function SecaoInteressado({ tiposInteressados }: { tiposInteressados: TipoEntidade[] | undefined }) {
  const { control, setValue } = useFormularioAutuacao();
  const tipoInteressado = useWatch({ control, name: 'tipoInteressado' });
  return (
    <Secao titulo="Interessado">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <CampoSelecaoControlado
            control={control}
            {...CAMPOS.tipoInteressado}
            fullWidth
            rotuloVazio="Nenhum"
            opcoes={(tiposInteressados ?? []).map((tipo) => ({
              valor: tipo.codigo,
              rotulo: rotuloTipoInteressado(tipo.nome),
            }))}
            aoMudar={() => setValue('idInteressado', null)}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Controller
            name="idInteressado"
            control={control}
            render={({ field, fieldState }) => (
              <CampoEntidadeLeve
                id="campo-interessado"
                rotulo="Interessado"
                tipo={tipoInteressado}
                valor={field.value}
                aoMudar={(entidade) => field.onChange(entidade?.id ?? null)}
                buscar={(tipo, consulta, signal) => buscarInteressados(tipo, consulta, signal, true)}
                mensagens={MENSAGENS_INTERESSADO}
                chaveConsulta="interessados"
                minimoTermo={MINIMO_CARACTERES_NOME_INTERESSADO}
                erro={fieldState.invalid}
                textoAjuda={
                  fieldState.error?.message ??
                  (tipoInteressado ? 'Digite parte do nome ou o código.' : 'Escolha antes o tipo de interessado.')
                }
              />
            )}
          />
        </Grid>
      </Grid>
    </Secao>
  );
}

// The guidance shows once a type and a subject are chosen: Alert's title loads then (issue 23).
const OrientacaoVocabulario = lazy(async () => ({
  default: (await import('./OrientacaoVocabulario')).OrientacaoVocabulario,
}));

/** The subject (assignable ones of the chosen type), its guidance, its summary and the urgency with its reason. */
export function SecaoAssunto({ assuntos }: { assuntos: Lista<Assunto> }) {
  const { control } = useFormularioAutuacao();
  const [idTipoDocumento, idAssunto, urgente] = useWatch({
    control,
    name: ['idTipoDocumento', 'idAssunto', 'urgente'],
  });
  return (
    <Secao titulo="Assunto">
      <Stack spacing={2}>
        <SelecaoPorIdControlada
          Selecao={SelecaoPorIdLeve}
          control={control}
          {...CAMPOS.assunto}
          {...opcoesDa(assuntos)}
          opcaoDesabilitada={(assunto) => !assunto.atribuivel}
          rotuloOpcao={(assunto) => `${assunto.codigo} — ${assunto.descricao}`}
          desabilitado={idTipoDocumento === null}
          textoAjuda={idTipoDocumento === null ? 'Escolha antes o tipo de documento.' : undefined}
        />
        {idTipoDocumento !== null && idAssunto !== null ? (
          <Suspense fallback={null}>
            <OrientacaoVocabulario idTipoDocumento={idTipoDocumento} idAssunto={idAssunto} />
          </Suspense>
        ) : null}
        <CampoTextoControlado control={control} {...CAMPOS.resumo} required multiline minRows={2} fullWidth />
        <CampoMarcacaoControlado control={control} {...CAMPOS.urgente} />
        {urgente ? (
          <CampoTextoControlado control={control} {...CAMPOS.motivoUrgencia} required multiline fullWidth />
        ) : null}
      </Stack>
    </Secao>
  );
}

/** The documento de origem (all four fields or none); its number can be looked up among the documents. */
export function SecaoDocumentoOrigem({ aoBuscarNumero }: { aoBuscarNumero: () => void }) {
  const { control } = useFormularioAutuacao();
  return (
    <Secao titulo="Documento de origem">
      <Grid container spacing={2}>
        <Grid size={METADE}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <CampoTextoControlado
              control={control}
              {...CAMPOS.numeroOrigem}
              label="Número do documento de origem"
              fullWidth
            />
            <Button
              variant="outlined"
              startIcon={<SearchOutlined />}
              onClick={aoBuscarNumero}
              sx={{ height: 56, flexShrink: 0 }}
            >
              Buscar
            </Button>
          </Stack>
        </Grid>
        <Grid size={METADE}>
          <CampoTextoControlado control={control} {...CAMPOS.emissor} fullWidth />
        </Grid>
        {[CAMPOS.dataOrigem, CAMPOS.dataRecebimento].map((data) => (
          <Grid key={data.name} size={METADE}>
            <CampoDataControlado Campo={CampoDataLeve} control={control} {...data} />
          </Grid>
        ))}
      </Grid>
    </Secao>
  );
}

export function SecaoObservacao() {
  const { control } = useFormularioAutuacao();
  return (
    <Secao titulo="Observação">
      <CampoTextoControlado control={control} {...CAMPOS.observacao} multiline minRows={2} fullWidth />
    </Secao>
  );
}
