import SaveOutlined from '@mui/icons-material/SaveOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { Alert, AlertTitle, Box, Button, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import {
  type Documento,
  ID_TIPO_CONFIRMA_SEM_PECAS,
  MENSAGENS,
  pedeConfirmacaoSemPecas,
  type RascunhoDespacho,
  salvarDespachoSchema,
  type TramitarEntrada,
  tramitarSchema,
  validarEnvio,
} from '@tramite/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { AbasDocumento } from '../../components/AbasDocumento';
import { CamposPassoFluxo } from '../../components/CamposPassoFluxo';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Pagina } from '../../components/Pagina';
import { SelecaoPorId } from '../../components/SelecaoPorId';
import { mensagemComDetalhe, mensagemDoErro } from '../../lib/api';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useDocumento } from '../documentos/api';
import {
  buscarConsistencia,
  contarPecas,
  useDestinos,
  useFluxos,
  useRascunhoDespacho,
  useSalvarDespacho,
  useTramitar,
} from './api';
import {
  CamposDespacho,
  despachoPadrao,
  type ErrosFormulario,
  errosPorCampo,
  type ValoresDespacho,
} from './CamposDespacho';
import { TEXTOS } from './textos';

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

function FormularioTramitacao({ documento, rascunho }: { documento: Documento; rascunho: RascunhoDespacho | null }) {
  const idDocumento = documento.idDocumento;
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const fluxos = useFluxos(idDocumento);
  const [idFluxo, setIdFluxo] = useState<number | null>(null);
  const [idPasso, setIdPasso] = useState<number | null>(null);
  const [idDestino, setIdDestino] = useState<number | null>(null);
  const [despacho, setDespacho] = useState<ValoresDespacho>(() =>
    despachoPadrao({
      despacho: rascunho?.despacho ?? '',
      despachoPreparatorio: rascunho?.despachoPreparatorio ?? '',
    }),
  );
  const [erros, setErros] = useState<ErrosFormulario>({});
  const [errosConsistencia, setErrosConsistencia] = useState<string[]>([]);
  const [confirmacao, setConfirmacao] = useState<Confirmacao | null>(null);
  const destinos = useDestinos(idDocumento, idFluxo, idPasso);
  const salvarDespacho = useSalvarDespacho(idDocumento);
  const tramitar = useTramitar(idDocumento);
  useErroConsulta(fluxos.error, (erro) => mensagemComDetalhe(TEXTOS.erroCarregarFluxos, erro));
  useErroConsulta(destinos.error, (erro) => mensagemComDetalhe(TEXTOS.erroCarregarDestinos, erro));

  const listaFluxos = fluxos.data ?? [];
  const semPassos = fluxos.isSuccess && listaFluxos.every((fluxo) => fluxo.passos.length === 0);
  const passo = listaFluxos.find((fluxo) => fluxo.id === idFluxo)?.passos.find((item) => item.id === idPasso) ?? null;

  // A destination that the new step does not allow is dropped; a step with a single destination gets it chosen.
  useEffect(() => {
    if (!destinos.data) return;
    setIdDestino((atual) => {
      if (atual !== null && destinos.data.some((destino) => destino.id === atual)) return atual;
      return destinos.data.length === 1 ? (destinos.data[0]?.id ?? null) : null;
    });
  }, [destinos.data]);

  function mudarDespacho(alteracoes: Partial<ValoresDespacho>) {
    setDespacho((atual) => ({ ...atual, ...alteracoes }));
    setErros((atuais) => {
      const novos = { ...atuais };
      for (const campo of Object.keys(alteracoes)) delete novos[campo];
      return novos;
    });
  }

  async function salvar() {
    const resultado = salvarDespachoSchema.safeParse({
      despacho: despacho.despacho,
      despachoPreparatorio: despacho.despachoPreparatorio,
    });
    if (!resultado.success) {
      setErros(errosPorCampo(resultado.error.issues));
      snackbar.erro(resultado.error.issues[0]?.message ?? TEXTOS.erroSalvarDespacho);
      return;
    }
    try {
      await executar('Salvando despacho', () => salvarDespacho.mutateAsync(resultado.data));
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
      await navigate(`/documentos/${idDocumento}`);
    } catch (erro) {
      snackbar.erro(mensagemDoErro(erro, TEXTOS.erroTramitar));
    }
  }

  async function aoTramitar(evento: FormEvent) {
    evento.preventDefault();
    setErrosConsistencia([]);
    const envio: TramitarEntrada = {
      idPasso: idPasso ?? undefined,
      idDestino: idDestino ?? undefined,
      despacho: despacho.despacho,
      tipoDespacho: despacho.tipoDespacho,
      nivelAcesso: despacho.nivelAcesso,
      idHipoteseLegal: despacho.idHipoteseLegal,
      despachoPreparatorio: despacho.despachoPreparatorio,
    };
    const resultado = tramitarSchema.safeParse(envio);
    const novosErros: ErrosFormulario = {
      ...(idFluxo === null ? { idFluxo: TEXTOS.informeFluxo } : {}),
      ...(resultado.success ? {} : errosPorCampo(resultado.error.issues)),
    };
    const erroEnvio = validarEnvio({
      nivelAcesso: despacho.nivelAcesso,
      idHipoteseLegal: despacho.idHipoteseLegal,
      despacho: despacho.despacho,
      tipoPasso: passo?.tipo,
    });
    if (erroEnvio === MENSAGENS.tramitacao.motivoDesarquivamento) novosErros.despacho ??= erroEnvio;
    const primeiro = Object.values(novosErros)[0];
    setErros(novosErros);
    if (primeiro || idFluxo === null || idPasso === null) {
      snackbar.erro(primeiro ?? TEXTOS.informeFluxo);
      return;
    }

    let consistencia: Awaited<ReturnType<typeof buscarConsistencia>>;
    try {
      consistencia = await executar('Validando a tramitação', () => buscarConsistencia(idDocumento, idFluxo, idPasso));
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
      <Box component="form" noValidate onSubmit={aoTramitar} aria-labelledby="titulo-formulario-tramitacao">
        <Typography id="titulo-formulario-tramitacao" component="h2" variant="h6" sx={{ mb: 2 }}>
          Passo, destino e despacho
        </Typography>
        <Stack spacing={3}>
          {semPassos ? (
            <Alert severity="warning" data-testid="sem-passos">
              {TEXTOS.semPassos}
            </Alert>
          ) : null}
          <CamposPassoFluxo
            id="tramitacao"
            fluxos={listaFluxos}
            idFluxo={idFluxo}
            idPasso={idPasso}
            aoMudarFluxo={(novo) => {
              setIdFluxo(novo);
              setErros(({ idFluxo: _f, idPasso: _p, ...resto }) => resto);
            }}
            aoMudarPasso={(novo) => {
              setIdPasso(novo);
              setErros(({ idPasso: _p, idDestino: _d, ...resto }) => resto);
            }}
            carregando={fluxos.isLoading}
            erroFluxo={erros.idFluxo}
            erroPasso={erros.idPasso}
          />
          <SelecaoPorId
            id="tramitacao-destino"
            rotulo="Destino"
            opcoes={destinos.data ?? []}
            valor={idDestino}
            aoMudar={(novo) => {
              setIdDestino(novo);
              setErros(({ idDestino: _d, ...resto }) => resto);
            }}
            rotuloOpcao={(destino) => `${destino.sigla} — ${destino.nome}`}
            carregando={destinos.isFetching}
            desabilitado={idPasso === null}
            obrigatorio
            erro={Boolean(erros.idDestino)}
            textoAjuda={erros.idDestino ?? (idPasso === null ? 'Escolha antes o passo do fluxo.' : undefined)}
          />
          <CamposDespacho id="tramitacao" valores={despacho} aoMudar={mudarDespacho} erros={erros} comPreparatorio />
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
            <Button type="submit" variant="contained" startIcon={<SendOutlined />} disabled={semPassos}>
              Tramitar
            </Button>
          </Stack>
        </Stack>
      </Box>
      <DialogoConfirmacao
        aberto={confirmacao !== null}
        titulo="Confirmar tramitação"
        rotuloConfirmar="Confirmar"
        aoCancelar={() => setConfirmacao(null)}
        aoConfirmar={() => {
          if (confirmacao) void enviar(confirmacao.envio);
        }}
      >
        {confirmacao ? <MotivosConfirmacao confirmacao={confirmacao} /> : null}
      </DialogoConfirmacao>
    </Paper>
  );
}

/** Spec §2 and §4: forwards the document (login). Flow, step, destination and dispatch; the saved draft pre-fills. */
export function TramitarDocumentoPage() {
  const { documentId = '' } = useParams();
  const idDocumento = /^\d+$/.test(documentId) ? Number(documentId) : null;
  const documento = useDocumento(idDocumento);
  const rascunho = useRascunhoDespacho(idDocumento);
  const mensagemErro = (erro: unknown) => mensagemDoErro(erro, MENSAGENS.autuacao.erroBuscarDadosDocumento);
  useErroConsulta(documento.error, mensagemErro);
  // The draft only pre-fills: without it the form starts empty.
  const rascunhoPronto = rascunho.isSuccess || rascunho.isError || idDocumento === null;

  return (
    <Pagina
      titulo="Tramitar documento"
      tituloDocumento={documento.data ? `Tramitar ${documento.data.numero}` : undefined}
    >
      <AbasDocumento documentId={documentId} />
      {idDocumento === null ? (
        <Alert severity="error" role="status">
          {MENSAGENS.autuacao.erroBuscarDadosDocumento}
        </Alert>
      ) : null}
      {documento.error ? (
        <Alert severity="error" role="status" data-testid="erro-documento">
          {mensagemErro(documento.error)}
        </Alert>
      ) : null}
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
          <FormularioTramitacao documento={documento.data} rascunho={rascunho.data ?? null} />
        </Stack>
      ) : null}
    </Pagina>
  );
}
