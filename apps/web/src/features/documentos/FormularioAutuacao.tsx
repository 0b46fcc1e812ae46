import { zodResolver } from '@hookform/resolvers/zod';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Grid,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  type Assunto,
  type Autuacao,
  type AutuacaoEntrada,
  autuacaoSchema,
  type Documento,
  MENSAGENS,
  MINIMO_CARACTERES_NOME_INTERESSADO,
  rotuloTipoInteressado,
  validarAutuacao,
} from '@tramite/shared';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type Control, Controller, type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { SIGLA_INSTITUICAO } from '../../app/config';
import { CampoData } from '../../components/CampoData';
import { CampoEntidade } from '../../components/CampoEntidade';
import { CampoTextoControlado } from '../../components/CampoTextoControlado';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { SelecaoPorId } from '../../components/SelecaoPorId';
import { ErroHttp, mensagemDoErro } from '../../lib/api';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useAssuntosDoTipo, useTiposDocumentos } from '../tipos-documentos/api';
import {
  buscarDocumentoPorNumero,
  buscarInteressados,
  useSalvarAutuacao,
  useTiposInteressados,
  useUnidadesProcedencia,
} from './api';
import { MENSAGENS_INTERESSADO, ORIGENS, TEXTOS } from './textos';

/** The form's own values: empty text is '' while editing, turned into null before validation. */
export interface CamposAutuacao {
  idTipoDocumento: number | null;
  idProcedencia: number | null;
  tipoInteressado: string | null;
  idInteressado: number | null;
  idAssunto: number | null;
  resumoAssunto: string;
  urgente: boolean;
  motivoUrgencia: string;
  numeroDocumentoOrigem: string;
  emissorDocumentoOrigem: string;
  dataDocumentoOrigem: string;
  dataRecebimento: string;
  observacao: string;
  origem: number;
  volumoso: boolean;
}

type Campo = keyof CamposAutuacao;

/** Field order: the first invalid one gives the snackbar its message. */
const ORDEM_CAMPOS: readonly Campo[] = [
  'idTipoDocumento',
  'idProcedencia',
  'origem',
  'tipoInteressado',
  'idInteressado',
  'idAssunto',
  'resumoAssunto',
  'urgente',
  'motivoUrgencia',
  'numeroDocumentoOrigem',
  'emissorDocumentoOrigem',
  'dataDocumentoOrigem',
  'dataRecebimento',
  'observacao',
];

const CAMPOS_ORIGEM = [
  'numeroDocumentoOrigem',
  'emissorDocumentoOrigem',
  'dataDocumentoOrigem',
  'dataRecebimento',
] as const satisfies readonly Campo[];

export function camposVazios(idProcedencia: number | null): CamposAutuacao {
  return {
    idTipoDocumento: null,
    idProcedencia,
    tipoInteressado: null,
    idInteressado: null,
    idAssunto: null,
    resumoAssunto: '',
    urgente: false,
    motivoUrgencia: '',
    numeroDocumentoOrigem: '',
    emissorDocumentoOrigem: '',
    dataDocumentoOrigem: '',
    dataRecebimento: '',
    observacao: '',
    origem: 4,
    volumoso: false,
  };
}

/** The saved document as form values (editing). */
export function camposDoDocumento(documento: Documento): CamposAutuacao {
  const data = (valor: string | null) => (valor ? valor.slice(0, 10) : '');
  return {
    idTipoDocumento: documento.idTipoDocumento,
    idProcedencia: documento.unidadeProcedencia.id,
    tipoInteressado: documento.tipoInteressado,
    idInteressado: documento.idInteressado,
    idAssunto: documento.idAssunto,
    resumoAssunto: documento.resumoAssunto ?? '',
    urgente: documento.urgente,
    motivoUrgencia: documento.motivoUrgencia ?? '',
    numeroDocumentoOrigem: documento.numeroDocumentoOrigem ?? '',
    emissorDocumentoOrigem: documento.emissorDocumentoOrigem ?? '',
    dataDocumentoOrigem: data(documento.dataDocumentoOrigem),
    dataRecebimento: data(documento.dataRecebimento),
    observacao: documento.observacao ?? '',
    origem: documento.estado['32002'] ?? 4,
    volumoso: documento.estado['32005'] === 2,
  };
}

function paraEntrada(campos: CamposAutuacao): AutuacaoEntrada {
  const texto = (valor: string) => (valor.trim() === '' ? null : valor);
  return {
    ...campos,
    tipoInteressado: campos.tipoInteressado as AutuacaoEntrada['tipoInteressado'],
    motivoUrgencia: campos.urgente ? texto(campos.motivoUrgencia) : null,
    numeroDocumentoOrigem: texto(campos.numeroDocumentoOrigem),
    emissorDocumentoOrigem: texto(campos.emissorDocumentoOrigem),
    dataDocumentoOrigem: texto(campos.dataDocumentoOrigem),
    dataRecebimento: texto(campos.dataRecebimento),
    observacao: texto(campos.observacao),
  };
}

interface ContextoValidacao {
  /** Subjects of the chosen type, once loaded: the chosen one must be assignable among them. */
  assuntos: Assunto[] | undefined;
}

const resolverSchema = zodResolver(autuacaoSchema);

/** zod (autuacaoSchema) for each field, then the cross-field rules of spec §5 (validarAutuacao) and the subject. */
const resolverAutuacao: Resolver<CamposAutuacao, ContextoValidacao, Autuacao> = async (valores, contexto, opcoes) => {
  const resultado = await resolverSchema(
    paraEntrada(valores),
    contexto,
    opcoes as unknown as Parameters<typeof resolverSchema>[2],
  );
  const erros: FieldErrors<CamposAutuacao> = { ...(resultado.errors as FieldErrors<CamposAutuacao>) };
  const erro = (campo: Campo, message: string) => {
    if (!erros[campo]) erros[campo] = { type: 'validate', message };
  };
  const entrada = paraEntrada(valores);
  const mensagem = validarAutuacao({ ...entrada, urgente: valores.urgente } as Autuacao);
  if (mensagem === MENSAGENS.autuacao.documentoOrigemIncompleto) {
    for (const campo of CAMPOS_ORIGEM) if (entrada[campo] === null) erro(campo, mensagem);
  } else if (mensagem === MENSAGENS.autuacao.urgenteSemMotivo) {
    erro('motivoUrgencia', mensagem);
  } else if (mensagem) {
    erro(valores.idInteressado === null ? 'idInteressado' : 'tipoInteressado', mensagem);
  }
  const assuntos = contexto?.assuntos;
  if (valores.idAssunto !== null && assuntos) {
    const valido = assuntos.some((assunto) => assunto.id === valores.idAssunto && assunto.atribuivel);
    if (!valido) erro('idAssunto', MENSAGENS.autuacao.assuntoInvalido);
  }
  if (Object.keys(erros).length > 0) return { values: {}, errors: erros };
  return { values: resultado.values as Autuacao, errors: {} };
};

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

type ControleAutuacao = Control<CamposAutuacao, ContextoValidacao, Autuacao>;

/** A date field of the form, its error message below it. */
function DataControlada({
  control,
  name,
  id,
  rotulo,
}: {
  control: ControleAutuacao;
  name: 'dataDocumentoOrigem' | 'dataRecebimento';
  id: string;
  rotulo: string;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <CampoData
          id={id}
          rotulo={rotulo}
          valor={field.value}
          aoMudar={field.onChange}
          erro={fieldState.invalid || undefined}
          textoAjuda={fieldState.error?.message}
        />
      )}
    />
  );
}

interface FormularioAutuacaoProps {
  /** The document being edited, or null for a new opening. */
  idDocumento: number | null;
  valoresIniciais: CamposAutuacao;
}

/** The opening form of spec §2 (new opening and editing), validated by the shared rules of spec §5. */
export function FormularioAutuacao({ idDocumento, valoresIniciais }: FormularioAutuacaoProps) {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const salvar = useSalvarAutuacao(idDocumento);
  const edicao = idDocumento !== null;
  const [pendente, setPendente] = useState<Autuacao | null>(null);
  // The resolver reads the subjects of the chosen type through the form's context (loaded after useForm).
  const contexto = useRef<ContextoValidacao>({ assuntos: undefined });

  const { control, handleSubmit, setValue, getValues, setError, clearErrors, formState } = useForm<
    CamposAutuacao,
    ContextoValidacao,
    Autuacao
  >({
    defaultValues: valoresIniciais,
    resolver: resolverAutuacao,
    context: contexto.current,
  });
  const idTipoDocumento = useWatch({ control, name: 'idTipoDocumento' });
  const tipoInteressado = useWatch({ control, name: 'tipoInteressado' });
  const urgente = useWatch({ control, name: 'urgente' });

  const tipos = useTiposDocumentos();
  const unidades = useUnidadesProcedencia(true);
  const tiposInteressados = useTiposInteressados(idTipoDocumento);
  const assuntos = useAssuntosDoTipo(idTipoDocumento);
  useErroConsulta(tipos.error, MENSAGENS.autuacao.erroCarregarTiposDocumento);
  useErroConsulta(unidades.error, MENSAGENS.autuacao.erroCarregarUnidadesProcedencia);
  useErroConsulta(tiposInteressados.error, MENSAGENS.autuacao.erroCarregarTiposInteressados);
  useErroConsulta(assuntos.error, MENSAGENS.autuacao.erroCarregarListaAssuntos);
  contexto.current.assuntos = assuntos.data;

  // Spec §2: a type whose list has exactly one assignable subject gets it pre-selected.
  useEffect(() => {
    if (!assuntos.data || getValues('idAssunto') !== null) return;
    const atribuiveis = assuntos.data.filter((assunto) => assunto.atribuivel);
    if (atribuiveis.length === 1 && atribuiveis[0]) setValue('idAssunto', atribuiveis[0].id);
  }, [assuntos.data, getValues, setValue]);

  // A type of interested party that the chosen document type does not accept is dropped with its party.
  useEffect(() => {
    const atual = getValues('tipoInteressado');
    if (!tiposInteressados.data || atual === null) return;
    if (!tiposInteressados.data.some((tipo) => tipo.codigo === atual)) {
      setValue('tipoInteressado', null);
      setValue('idInteressado', null);
    }
  }, [tiposInteressados.data, getValues, setValue]);

  const aoValidar = (autuacao: Autuacao) => setPendente(autuacao);
  const aoInvalidar = (erros: FieldErrors<CamposAutuacao>) => {
    const primeiro = ORDEM_CAMPOS.map((campo) => erros[campo]?.message).find(Boolean);
    snackbar.erro(primeiro ?? MENSAGENS.geral.parametrosInvalidos);
  };

  async function confirmar() {
    if (!pendente) return;
    const autuacao = pendente;
    setPendente(null);
    try {
      const documento = await executar('Salvando autuação', () => salvar.mutateAsync(autuacao));
      const id = documento?.idDocumento ?? idDocumento;
      snackbar.sucesso(edicao ? TEXTOS.autuacaoAlterada : TEXTOS.autuado(documento?.numero ?? ''));
      await navigate(`/documentos/${id}`);
    } catch (erro) {
      if (erro instanceof ErroHttp) {
        for (const { campo, mensagem } of erro.erros) {
          const nome = ORDEM_CAMPOS.find((candidato) => candidato === campo);
          if (nome) setError(nome, { type: 'server', message: mensagem });
        }
      }
      snackbar.erro(mensagemDoErro(erro, TEXTOS.erroSalvarAutuacao));
    }
  }

  async function buscarDocumentoOrigem() {
    const numero = getValues('numeroDocumentoOrigem').trim();
    if (!numero) {
      setError('numeroDocumentoOrigem', { type: 'validate', message: 'Informe o número do documento de origem' });
      return;
    }
    try {
      const pagina = await executar('Buscando documento de origem', () => buscarDocumentoPorNumero(numero));
      const encontrado = pagina.total === 1 ? pagina.itens[0] : undefined;
      if (!encontrado) {
        setError('numeroDocumentoOrigem', {
          type: 'validate',
          message: MENSAGENS.autuacao.documentoOrigemNaoEncontrado,
        });
        snackbar.erro(MENSAGENS.autuacao.documentoOrigemNaoEncontrado);
        return;
      }
      setValue('numeroDocumentoOrigem', encontrado.numero);
      setValue('emissorDocumentoOrigem', SIGLA_INSTITUICAO);
      clearErrors(['numeroDocumentoOrigem', 'emissorDocumentoOrigem']);
    } catch {
      snackbar.erro(MENSAGENS.autuacao.documentoOrigemNaoEncontrado);
    }
  }

  const listaAssuntos = assuntos.data ?? [];
  const opcoesTiposInteressados = tiposInteressados.data ?? [];

  return (
    <Box
      component="form"
      noValidate
      aria-label={edicao ? 'Edição de autuação' : 'Nova autuação'}
      onSubmit={handleSubmit(aoValidar, aoInvalidar)}
    >
      <Stack spacing={3}>
        <Secao titulo="Documento">
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                name="idTipoDocumento"
                control={control}
                render={({ field, fieldState }) => (
                  <SelecaoPorId
                    id="campo-tipo-documento"
                    rotulo="Tipo de documento"
                    obrigatorio
                    opcoes={tipos.data ?? []}
                    valor={field.value}
                    aoMudar={(valor) => {
                      field.onChange(valor);
                      setValue('idAssunto', null);
                    }}
                    rotuloOpcao={(tipo) => tipo.descricao}
                    carregando={tipos.isLoading}
                    erro={fieldState.invalid}
                    textoAjuda={fieldState.error?.message}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                name="idProcedencia"
                control={control}
                render={({ field, fieldState }) => (
                  <SelecaoPorId
                    id="campo-procedencia"
                    rotulo="Unidade de procedência"
                    obrigatorio
                    opcoes={unidades.data ?? []}
                    valor={field.value}
                    aoMudar={field.onChange}
                    rotuloOpcao={(unidade) => `${unidade.sigla} — ${unidade.nome}`}
                    carregando={unidades.isLoading}
                    erro={fieldState.invalid}
                    textoAjuda={fieldState.error?.message}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                name="origem"
                control={control}
                render={({ field }) => (
                  <TextField
                    select
                    id="campo-origem"
                    label="Origem do documento"
                    fullWidth
                    name={field.name}
                    value={field.value}
                    onChange={(evento) => field.onChange(Number(evento.target.value))}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    helperText="Documentos físicos e híbridos não podem ser editados depois."
                  >
                    {ORIGENS.map((origem) => (
                      <MenuItem key={origem.valor} value={origem.valor}>
                        {origem.rotulo}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Controller
                name="volumoso"
                control={control}
                render={({ field }) => (
                  <Box>
                    <FormControlLabel
                      label="Volumoso"
                      control={
                        <Checkbox
                          name={field.name}
                          checked={field.value}
                          onChange={(_evento, marcado) => field.onChange(marcado)}
                          onBlur={field.onBlur}
                          slotProps={{ input: { 'aria-describedby': 'ajuda-volumoso' } }}
                        />
                      }
                    />
                    <FormHelperText id="ajuda-volumoso">Aceita arquivos de até 50 MiB em vez de 5 MiB.</FormHelperText>
                  </Box>
                )}
              />
            </Grid>
          </Grid>
        </Secao>

        <Secao titulo="Interessado">
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <Controller
                name="tipoInteressado"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    id="campo-tipo-interessado"
                    label="Tipo de interessado"
                    fullWidth
                    name={field.name}
                    value={opcoesTiposInteressados.some((tipo) => tipo.codigo === field.value) ? field.value : ''}
                    onChange={(evento) => {
                      field.onChange(evento.target.value || null);
                      setValue('idInteressado', null);
                    }}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={fieldState.invalid}
                    helperText={fieldState.error?.message}
                  >
                    <MenuItem value="">
                      <em>Nenhum</em>
                    </MenuItem>
                    {opcoesTiposInteressados.map((tipo) => (
                      <MenuItem key={tipo.codigo} value={tipo.codigo}>
                        {rotuloTipoInteressado(tipo.nome)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 8 }}>
              <Controller
                name="idInteressado"
                control={control}
                render={({ field, fieldState }) => (
                  <CampoEntidade
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

        <Secao titulo="Assunto">
          <Stack spacing={2}>
            <Controller
              name="idAssunto"
              control={control}
              render={({ field, fieldState }) => (
                <SelecaoPorId
                  id="campo-assunto"
                  rotulo="Assunto"
                  obrigatorio
                  opcoes={listaAssuntos}
                  valor={field.value}
                  aoMudar={field.onChange}
                  rotuloOpcao={(assunto) => `${assunto.codigo} — ${assunto.descricao}`}
                  opcaoDesabilitada={(assunto) => !assunto.atribuivel}
                  carregando={assuntos.isLoading}
                  desabilitado={idTipoDocumento === null}
                  erro={fieldState.invalid}
                  textoAjuda={
                    fieldState.error?.message ??
                    (idTipoDocumento === null ? 'Escolha antes o tipo de documento.' : undefined)
                  }
                />
              )}
            />
            <CampoTextoControlado
              control={control}
              name="resumoAssunto"
              id="campo-resumo-assunto"
              label="Resumo do assunto"
              required
              multiline
              minRows={2}
              fullWidth
              maxLength={2000}
            />
            <Controller
              name="urgente"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  label="Urgente"
                  control={
                    <Checkbox
                      name={field.name}
                      checked={field.value}
                      onChange={(_evento, marcado) => field.onChange(marcado)}
                      onBlur={field.onBlur}
                    />
                  }
                />
              )}
            />
            {urgente ? (
              <CampoTextoControlado
                control={control}
                name="motivoUrgencia"
                id="campo-motivo-urgencia"
                label="Motivo da urgência"
                required
                multiline
                fullWidth
                maxLength={1000}
              />
            ) : null}
          </Stack>
        </Secao>

        <Secao titulo="Documento de origem">
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <CampoTextoControlado
                  control={control}
                  name="numeroDocumentoOrigem"
                  id="campo-numero-documento-origem"
                  label="Número do documento de origem"
                  fullWidth
                  maxLength={60}
                />
                <Button
                  variant="outlined"
                  startIcon={<SearchOutlined />}
                  onClick={buscarDocumentoOrigem}
                  sx={{ height: 56, flexShrink: 0 }}
                >
                  Buscar
                </Button>
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <CampoTextoControlado
                control={control}
                name="emissorDocumentoOrigem"
                id="campo-emissor"
                label="Emissor"
                fullWidth
                maxLength={200}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <DataControlada
                control={control}
                name="dataDocumentoOrigem"
                id="campo-data-documento-origem"
                rotulo="Data do documento de origem"
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <DataControlada
                control={control}
                name="dataRecebimento"
                id="campo-data-recebimento"
                rotulo="Data de recebimento"
              />
            </Grid>
          </Grid>
        </Secao>

        <Secao titulo="Observação">
          <CampoTextoControlado
            control={control}
            name="observacao"
            id="campo-observacao"
            label="Observação"
            multiline
            minRows={2}
            fullWidth
            maxLength={4000}
          />
        </Secao>

        <Stack direction="row" spacing={2}>
          <Button
            type="submit"
            variant="contained"
            startIcon={<SaveOutlined />}
            disabled={formState.isSubmitting || salvar.isPending}
          >
            {edicao ? 'Salvar alterações' : 'Autuar'}
          </Button>
          {edicao ? (
            <Button component={RouterLink} to={`/documentos/${idDocumento}`}>
              Voltar ao documento
            </Button>
          ) : null}
        </Stack>
      </Stack>

      <DialogoConfirmacao
        aberto={pendente !== null}
        titulo={edicao ? 'Confirmar alteração' : 'Confirmar autuação'}
        aoCancelar={() => setPendente(null)}
        aoConfirmar={confirmar}
      >
        {edicao
          ? 'Deseja salvar as alterações desta autuação?'
          : 'Deseja autuar este documento? Ele receberá um número de protocolo (NUP) e ficará em criação na sua unidade.'}
      </DialogoConfirmacao>
    </Box>
  );
}
