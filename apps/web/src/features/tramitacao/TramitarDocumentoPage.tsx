import { zodResolver } from '@hookform/resolvers/zod';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Link,
  Paper,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import {
  type Calendario,
  type Documento,
  type Fluxo,
  ID_TIPO_CONFIRMA_SEM_PECAS,
  MENSAGENS,
  pedeConfirmacaoSemPecas,
  type RascunhoDespacho,
  salvarDespachoSchema,
  type Tramitar,
  type TramitarEntrada,
  tramitarSchema,
  validarEnvio,
} from '@tramite/shared';
import { type ReactNode, Suspense, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AbasDocumento } from '../../components/AbasDocumento';
import { AvisosDocumento } from '../../components/AvisosDocumento';
import { CampoDestino, CamposPassoFluxo } from '../../components/CamposPassoFluxo';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Formulario } from '../../components/formulario/Formulario';
import { Pagina } from '../../components/Pagina';
import { mensagemComDetalhe, mensagemDoErro } from '../../lib/api';
import { hojeNoNavegador, useCalendario } from '../../lib/calendario';
import { useAvisoSaida } from '../../lib/use-aviso-saida';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { passoEscolhido, useEscolhaPasso } from '../../lib/use-escolha-passo';
import { useDocumentoDaRotaComDados } from '../documentos/api';
import { useEstadoTramita, useOpcoesEnvioTramita, VerificacaoEnvioTramita } from '../tramita/api';
import {
  buscarConsistencia,
  consultaDestinos,
  contarPecas,
  useFluxos,
  useRascunhoDespacho,
  useSalvarDespacho,
  useTramitar,
} from './api';
import { CamposDespacho } from './CamposDespacho';
import { CamposPrazo } from './CamposPrazo';
import { type EnvioValidado, resolverEnvio, type ValoresEnvio, valoresEnvioPadrao } from './formulario-envio';
import { TEXTOS } from './textos';

type Envio = EnvioValidado<Tramitar>;

interface Confirmacao {
  alertas: string[];
  semPecas: boolean;
  envio: TramitarEntrada;
}

/** The reasons to confirm before sending: the flow's ALERTA messages and the type-571 draft without files. */
function MotivosConfirmacao({ confirmacao }: { confirmacao: Confirmacao }) {
  return (
    <>
      {confirmacao.semPecas ? <Typography sx={{ mb: 1 }}>{TEXTOS.confirmarSemPecas}</Typography> : null}
      {confirmacao.alertas.length > 0 ? (
        <>
          <Typography>A validação do fluxo emitiu os seguintes alertas:</Typography>
          <Box component="ul" sx={{ mt: 1, mb: 1 }} data-testid="alertas-tramitacao">
            {confirmacao.alertas.map((alerta) => (
              <li key={alerta}>{alerta}</li>
            ))}
          </Box>
        </>
      ) : null}
      <Typography>Deseja tramitar o documento?</Typography>
    </>
  );
}

/** "Salvar despacho" checks its two fields alone (trigger), by the draft's own schema. */
const CAMPOS_RASCUNHO = ['despacho', 'despachoPreparatorio'] as const;
const resolverRascunho = zodResolver(salvarDespachoSchema);

/**
 * The form's resolver: the forwarding's rules (tramitarSchema; DESARQUIVAR needs the despacho, which is its reason),
 * or the draft's when only its fields are checked.
 */
function resolverTramitacao(
  fluxos: readonly Fluxo[] | undefined,
  calendario: Calendario | null,
): Resolver<ValoresEnvio, unknown, Envio> {
  const resolverTramitar = resolverEnvio(
    tramitarSchema,
    (valores: ValoresEnvio) => {
      const erro = validarEnvio({ ...valores, tipoPasso: passoEscolhido(fluxos, valores)?.tipo });
      return erro === MENSAGENS.tramitacao.motivoDesarquivamento ? erro : null;
    },
    (valores) => ({ passo: passoEscolhido(fluxos, valores), calendario, hoje: hojeNoNavegador() }),
  );
  return (valores, contexto, opcoes) => {
    const rascunho = opcoes.names?.every((nome) => (CAMPOS_RASCUNHO as readonly string[]).includes(nome));
    if (!rascunho) return resolverTramitar(valores, contexto, opcoes);
    // Only the two fields' messages are kept: the answer's values are not used.
    return resolverRascunho(valores, contexto, opcoes as never) as ReturnType<typeof resolverTramitar>;
  };
}

function FormularioTramitacao({ documento, rascunho }: { documento: Documento; rascunho: RascunhoDespacho | null }) {
  const idDocumento = documento.idDocumento;
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const fluxos = useFluxos(idDocumento);
  const calendario = useCalendario();
  const formulario = useForm<ValoresEnvio, unknown, Envio>({
    resolver: resolverTramitacao(fluxos.data, calendario),
    defaultValues: valoresEnvioPadrao({
      despacho: rascunho?.despacho ?? '',
      despachoPreparatorio: rascunho?.despachoPreparatorio ?? '',
    }),
    shouldFocusError: false,
  });
  // A field's message goes away when the user changes it (or a field it depends on).
  const limparErros = (campos: readonly (keyof ValoresEnvio)[]) => formulario.clearErrors([...campos]);
  const escolha = useEscolhaPasso(formulario, {
    fluxos,
    destinos: (idFluxo, idPasso) => consultaDestinos(idDocumento, idFluxo, idPasso),
    aoMudar: limparErros,
  });
  const [errosConsistencia, setErrosConsistencia] = useState<string[]>([]);
  const [confirmacao, setConfirmacao] = useState<Confirmacao | null>(null);
  const salvarDespacho = useSalvarDespacho(idDocumento);
  const tramitar = useTramitar(idDocumento);
  // The despacho texts as last saved (or pre-filled from the saved draft) are the ones not to lose.
  const { dirtyFields } = formulario.formState;
  const aviso = useAvisoSaida(
    Boolean(dirtyFields.despacho || dirtyFields.despachoPreparatorio),
    'O despacho escrito ainda não foi salvo nem enviado e será perdido.',
  );

  async function salvar() {
    if (!(await formulario.trigger([...CAMPOS_RASCUNHO]))) {
      const [erro] = CAMPOS_RASCUNHO.map((campo) => formulario.getFieldState(campo).error).filter(Boolean);
      snackbar.erro(erro?.message ?? TEXTOS.erroSalvarDespacho);
      return;
    }
    const { despacho, despachoPreparatorio } = formulario.getValues();
    try {
      await executar('Salvando despacho', () => salvarDespacho.mutateAsync({ despacho, despachoPreparatorio }));
      formulario.resetField('despacho', { defaultValue: despacho });
      formulario.resetField('despachoPreparatorio', { defaultValue: despachoPreparatorio });
      snackbar.sucesso(MENSAGENS.tramitacao.despachoSalvo);
    } catch (erro) {
      snackbar.erro(mensagemComDetalhe(TEXTOS.erroSalvarDespacho, erro));
    }
  }

  async function enviar(envio: TramitarEntrada) {
    setConfirmacao(null);
    try {
      await executar('Tramitando documento', () => tramitar.mutateAsync(envio));
      snackbar.sucesso(MENSAGENS.tramitacao.sucesso);
      aviso.liberar();
      await navigate(`/documentos/${idDocumento}`);
    } catch (erro) {
      snackbar.erro(mensagemDoErro(erro, TEXTOS.erroTramitar));
    }
  }

  async function aoTramitar({ idFluxo, envio }: Envio) {
    setErrosConsistencia([]);
    let consistencia: Awaited<ReturnType<typeof buscarConsistencia>>;
    try {
      consistencia = await executar('Validando a tramitação', () =>
        buscarConsistencia(idDocumento, idFluxo, envio.idPasso),
      );
    } catch {
      snackbar.erro(MENSAGENS.tramitacao.erroValidar);
      return;
    }
    if (consistencia.ERRO.length > 0) {
      setErrosConsistencia(consistencia.ERRO);
      snackbar.erro(consistencia.ERRO.join(' '));
      return;
    }

    let semPecas = false;
    if (documento.idTipoDocumento === ID_TIPO_CONFIRMA_SEM_PECAS && documento.situacao === 'EM_CRIACAO') {
      // When the peças cannot be counted, asking is the safe side.
      const quantidade = await executar('Verificando os arquivos do documento', () => contarPecas(idDocumento)).catch(
        () => 0,
      );
      semPecas = pedeConfirmacaoSemPecas(documento, quantidade);
    }
    if (semPecas || consistencia.ALERTA.length > 0) {
      setConfirmacao({ alertas: consistencia.ALERTA, semPecas, envio });
      return;
    }
    await enviar(envio);
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Formulario
        formulario={formulario}
        aoEnviar={aoTramitar}
        aoInvalidar={(erros) => {
          setErrosConsistencia([]);
          snackbar.erro(Object.values(erros)[0]?.message ?? TEXTOS.informeFluxo);
        }}
        aria-labelledby="titulo-formulario-tramitacao"
      >
        <Typography id="titulo-formulario-tramitacao" component="h2" variant="h6" sx={{ mb: 2 }}>
          Passo, destino e despacho
        </Typography>
        <Stack spacing={3}>
          {escolha.semPassos ? (
            <Alert severity="warning" data-testid="sem-passos">
              {TEXTOS.semPassos}
            </Alert>
          ) : null}
          <CamposPassoFluxo id="tramitacao" escolha={escolha} />
          <CampoDestino id="tramitacao" escolha={escolha} />
          <CamposPrazo
            id="tramitacao"
            formulario={formulario}
            passo={escolha.passo}
            calendario={calendario}
            hoje={hojeNoNavegador()}
            aoMudar={limparErros}
          />
          <CamposDespacho id="tramitacao" formulario={formulario} aoMudar={limparErros} comPreparatorio />
          {errosConsistencia.length > 0 ? (
            <Alert severity="error" role="alert" data-testid="erros-consistencia">
              <AlertTitle>A tramitação não pode ser feita</AlertTitle>
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {errosConsistencia.map((mensagem) => (
                  <li key={mensagem}>{mensagem}</li>
                ))}
              </Box>
            </Alert>
          ) : null}
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button type="button" variant="outlined" startIcon={<SaveOutlined />} onClick={salvar}>
              Salvar despacho
            </Button>
            <Button type="submit" variant="contained" startIcon={<SendOutlined />} disabled={escolha.semPassos}>
              Tramitar
            </Button>
          </Stack>
        </Stack>
      </Formulario>
      <DialogoConfirmacao
        aberto={confirmacao !== null}
        titulo="Confirmar tramitação"
        rotuloConfirmar="Confirmar"
        aoCancelar={() => setConfirmacao(null)}
        aoConfirmar={() => (confirmacao ? enviar(confirmacao.envio) : undefined)}
      >
        {confirmacao ? <MotivosConfirmacao confirmacao={confirmacao} /> : null}
      </DialogoConfirmacao>
      {aviso.dialogo}
    </Paper>
  );
}

/**
 * With the Tramita GOV.BR active and the user's unit mapped to send (issue 24, design §2.1), the destination may be an
 * external body: the internal form stays mounted (its typed despacho is kept) but hidden while it is chosen.
 */
function DestinoDocumento({ idDocumento, children }: { idDocumento: number; children: ReactNode }) {
  const estado = useEstadoTramita();
  const ativo = estado.data?.ativo === true;
  const opcoes = useOpcoesEnvioTramita(ativo);
  const [escolhido, setEscolhido] = useState(false);
  const oferecido = ativo && opcoes.data?.envia === true;
  const externo = oferecido && escolhido;
  return (
    <>
      {oferecido ? (
        <FormControl>
          <FormLabel id="tipo-destino-tramitar">{TEXTOS.tipoDestino}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="tipo-destino-tramitar"
            value={externo ? 'externo' : 'interno'}
            onChange={(evento) => setEscolhido(evento.target.value === 'externo')}
          >
            <FormControlLabel value="interno" control={<Radio />} label={TEXTOS.destinoInterno} />
            <FormControlLabel value="externo" control={<Radio />} label={TEXTOS.destinoExterno} />
          </RadioGroup>
        </FormControl>
      ) : null}
      {/* Always in the same place, so the form (and a despacho being typed) is not remounted when the option shows. */}
      <Box hidden={externo}>{children}</Box>
      {externo && opcoes.data ? (
        <Suspense fallback={<Skeleton variant="rounded" height={160} />}>
          <VerificacaoEnvioTramita idDocumento={idDocumento} opcoes={opcoes.data} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Spec §2 and §4: forwards the document (login). Flow, step, destination and dispatch; the saved draft pre-fills. */
export function TramitarDocumentoPage() {
  const { documentId, idDocumento, documento } = useDocumentoDaRotaComDados();
  const rascunho = useRascunhoDespacho(idDocumento);
  useErroConsulta(documento.error, (erro) => mensagemDoErro(erro, MENSAGENS.autuacao.erroBuscarDadosDocumento));
  // The draft only pre-fills: without it the form starts empty.
  const rascunhoPronto = rascunho.isSuccess || rascunho.isError || idDocumento === null;

  return (
    <Pagina
      titulo="Tramitar documento"
      tituloDocumento={documento.data ? `Tramitar ${documento.data.numero}` : undefined}
    >
      <AbasDocumento documentId={documentId} />
      <AvisosDocumento idDocumento={idDocumento} erro={documento.error} />
      {documento.isLoading || (documento.data && !rascunhoPronto) ? <Skeleton variant="rounded" height={320} /> : null}
      {documento.data && rascunhoPronto ? (
        <Stack spacing={3}>
          <Box>
            <Typography component="p" variant="h5" data-testid="numero-documento">
              <Link component={RouterLink} to={`/documentos/${documento.data.idDocumento}`}>
                {documento.data.numero}
              </Link>
            </Typography>
            <Typography color="text.secondary">
              {documento.data.tipo}
              {documento.data.resumoAssunto ? ` — ${documento.data.resumoAssunto}` : ''}
            </Typography>
          </Box>
          <DestinoDocumento idDocumento={documento.data.idDocumento}>
            <FormularioTramitacao documento={documento.data} rascunho={rascunho.data ?? null} />
          </DestinoDocumento>
        </Stack>
      ) : null}
    </Pagina>
  );
}
