import LinkOutlined from '@mui/icons-material/LinkOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from '@mui/material';
import {
  type CandidatoJuntada,
  MENSAGENS,
  TIPO_JUNTADA_ANEXAR,
  TIPO_JUNTADA_APENSAR,
  type TipoAgregacao,
} from '@tramite/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AbasDocumento } from '../../components/AbasDocumento';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { EtapaAssistente, useAssistente } from '../../components/EtapaAssistente';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Pagina } from '../../components/Pagina';
import { ErroHttp, mensagemDoErro } from '../../lib/api';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useDocumento } from '../documentos/api';
import { buscarCandidatos, useJuntar } from './api';

const PASSOS = ['Tipo de juntada', 'Documento', 'Confirmação'] as const;

const TEXTOS = {
  erroDocumento: 'Não foi possível carregar o documento',
  erroBusca: 'Não foi possível buscar os documentos',
  escolhaTipo: 'Escolha anexar ou apensar',
  informeNumero: MENSAGENS.juntada.numeroObrigatorio,
  escolhaDocumento: 'Escolha um documento da lista',
} as const;

const ACOES: Record<TipoAgregacao, { rotulo: string; verbo: string; descricao: string }> = {
  ANEXACAO: {
    rotulo: 'Anexar',
    verbo: 'anexado',
    descricao: 'O documento passa a fazer parte deste processo, em definitivo.',
  },
  APENSACAO: {
    rotulo: 'Apensar',
    verbo: 'apensado',
    descricao: 'O documento acompanha este, mas mantém sua identidade e pode ser desapensado depois.',
  },
};

/** Spec §8 "Joining": a 500 shows the server's message; any other failure, the generic one. */
function mensagemErroJuntada(erro: unknown): string {
  return erro instanceof ErroHttp && erro.status === 500 && erro.mensagemServidor
    ? erro.mensagemServidor
    : MENSAGENS.juntada.erroDesconhecido;
}

/**
 * Spec §2, §4 and §5 "Joining": attach (anexar, tipo X) or append (apensar) another document of the user's unit to
 * this one. Starts at step 1; after a success the user goes to the document's information screen.
 */
export function JuntadaDocumentosPage() {
  const { documentId = '' } = useParams();
  const idDocumento = /^\d+$/.test(documentId) ? Number(documentId) : null;
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const documento = useDocumento(idDocumento);
  const juntar = useJuntar(idDocumento ?? 0);
  useErroConsulta(documento.error, (erro) => mensagemDoErro(erro, TEXTOS.erroDocumento));

  const { passo, irPara, erro, setErro, refTitulo } = useAssistente();
  const [tipo, setTipo] = useState<TipoAgregacao | null>(null);
  const [numero, setNumero] = useState('');
  const [candidatos, setCandidatos] = useState<CandidatoJuntada[] | null>(null);
  const [selecionado, setSelecionado] = useState<CandidatoJuntada | null>(null);
  const [confirmando, setConfirmando] = useState(false);

  function avancarTipo(evento: FormEvent) {
    evento.preventDefault();
    if (!tipo) {
      setErro(TEXTOS.escolhaTipo);
      return;
    }
    irPara(1);
  }

  async function buscar() {
    if (idDocumento === null) return;
    const texto = numero.trim();
    setSelecionado(null);
    if (!/\d/.test(texto)) {
      setCandidatos(null);
      setErro(TEXTOS.informeNumero);
      return;
    }
    try {
      const lista = await executar('Buscando documentos', () => buscarCandidatos(idDocumento, texto));
      setCandidatos(lista);
      setErro(null);
      if (lista.length === 1) setSelecionado(lista[0] ?? null);
    } catch (falha) {
      setCandidatos([]);
      const mensagem =
        falha instanceof ErroHttp && falha.status === 404
          ? MENSAGENS.juntada.nenhumCandidato
          : mensagemDoErro(falha, TEXTOS.erroBusca);
      setErro(mensagem);
      snackbar.erro(mensagem);
    }
  }

  function avancarDocumento(evento: FormEvent) {
    evento.preventDefault();
    if (!selecionado) {
      setErro(TEXTOS.escolhaDocumento);
      return;
    }
    irPara(2);
  }

  async function confirmar() {
    if (!selecionado || !tipo) return;
    try {
      await executar('Juntando documentos', () =>
        juntar.mutateAsync({
          idDocumento: selecionado.idDocumento,
          tipoAgregacao: tipo === 'ANEXACAO' ? TIPO_JUNTADA_ANEXAR : TIPO_JUNTADA_APENSAR,
        }),
      );
      setConfirmando(false);
      snackbar.sucesso(MENSAGENS.juntada.juntados);
      navigate(`/documentos/${idDocumento}`);
    } catch (falha) {
      setConfirmando(false);
      snackbar.erro(mensagemErroJuntada(falha));
    }
  }

  const numeroPai = documento.data?.numero ?? '';
  const acao = tipo ? ACOES[tipo] : null;

  return (
    <Pagina
      titulo="Juntada de documentos"
      descricao={numeroPai ? `Anexe ou apense outro documento ao documento ${numeroPai}.` : undefined}
    >
      <AbasDocumento documentId={documentId} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stepper activeStep={passo} alternativeLabel sx={{ mb: 4 }}>
          {PASSOS.map((rotulo) => (
            <Step key={rotulo}>
              <StepLabel>{rotulo}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {erro ? (
          <Alert severity="error" sx={{ mb: 3 }} role="alert">
            {erro}
          </Alert>
        ) : null}

        {passo === 0 ? (
          <EtapaAssistente passos={PASSOS} indice={0} refTitulo={refTitulo} aoEnviar={avancarTipo}>
            <FormControl>
              <FormLabel id="rotulo-tipo-juntada">Tipo de juntada</FormLabel>
              <RadioGroup
                aria-labelledby="rotulo-tipo-juntada"
                name="tipoJuntada"
                value={tipo ?? ''}
                onChange={(evento) => {
                  setTipo(evento.target.value as TipoAgregacao);
                  setErro(null);
                }}
              >
                {(Object.keys(ACOES) as TipoAgregacao[]).map((chave) => (
                  <FormControlLabel
                    key={chave}
                    value={chave}
                    control={<Radio />}
                    label={
                      <span>
                        <strong>{ACOES[chave].rotulo}</strong> — {ACOES[chave].descricao}
                      </span>
                    }
                  />
                ))}
              </RadioGroup>
            </FormControl>
          </EtapaAssistente>
        ) : null}

        {passo === 1 ? (
          <EtapaAssistente
            passos={PASSOS}
            indice={1}
            refTitulo={refTitulo}
            aoEnviar={avancarDocumento}
            aoVoltar={() => irPara(0)}
          >
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
              <TextField
                label="Número do documento"
                value={numero}
                onChange={(evento) => setNumero(evento.target.value)}
                onKeyDown={(evento) => {
                  if (evento.key === 'Enter') {
                    evento.preventDefault();
                    void buscar();
                  }
                }}
                helperText="Com ou sem pontuação; basta parte do número"
                sx={{ minWidth: 280 }}
              />
              <Button type="button" variant="outlined" startIcon={<SearchOutlined />} onClick={() => void buscar()}>
                Buscar
              </Button>
            </Stack>
            {candidatos && candidatos.length > 0 ? (
              <FormControl>
                <FormLabel id="rotulo-candidatos">Documentos encontrados</FormLabel>
                <RadioGroup
                  aria-labelledby="rotulo-candidatos"
                  name="documento"
                  value={selecionado ? String(selecionado.idDocumento) : ''}
                  onChange={(evento) => {
                    setSelecionado(candidatos.find((c) => String(c.idDocumento) === evento.target.value) ?? null);
                    setErro(null);
                  }}
                >
                  {candidatos.map((c) => (
                    <FormControlLabel
                      key={c.idDocumento}
                      value={String(c.idDocumento)}
                      control={<Radio />}
                      label={`${c.numero} — ${c.tipo}${c.resumoAssunto ? ` — ${c.resumoAssunto}` : ''}`}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
            ) : null}
          </EtapaAssistente>
        ) : null}

        {passo === 2 && acao && selecionado ? (
          <EtapaAssistente
            passos={PASSOS}
            indice={2}
            refTitulo={refTitulo}
            aoEnviar={(evento) => {
              evento.preventDefault();
              setConfirmando(true);
            }}
            aoVoltar={() => irPara(1)}
            botaoEnviar={
              <Button type="submit" variant="contained" startIcon={<LinkOutlined />}>
                {acao.rotulo}
              </Button>
            }
          >
            <Typography>
              O documento <strong>{selecionado.numero}</strong> ({selecionado.tipo}) será {acao.verbo} ao documento{' '}
              <strong>{numeroPai}</strong>.
            </Typography>
          </EtapaAssistente>
        ) : null}
      </Paper>
      <DialogoConfirmacao
        aberto={confirmando}
        titulo={acao ? `${acao.rotulo} documento` : 'Juntar documento'}
        ocupado={juntar.isPending}
        aoCancelar={() => setConfirmando(false)}
        aoConfirmar={() => void confirmar()}
      >
        Confirma que o documento {selecionado?.numero} será {acao?.verbo} ao documento {numeroPai}?
      </DialogoConfirmacao>
    </Pagina>
  );
}
